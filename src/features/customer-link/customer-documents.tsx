import checkIcon from 'ionicons-svg/checkmark-circle-outline.svg?raw';
import uploadIcon from 'ionicons-svg/cloud-upload-outline.svg?raw';
import { useState } from 'react';
import { type PublicProposal } from '@core/schemas/share';
import { ApiError } from '../../api/client';
import { serverUrl } from '../../api/origin';
import { it } from '../../i18n/customer-link';
import { Icon } from '../../ui/icon';
import { Note } from '../../ui/text';
import { useUploadDocument } from './api/public-proposal';

const t = it.customerLink;

export function Documents({ token, proposal: p }: { token: string; proposal: PublicProposal }) {
  const upload = useUploadDocument(token);
  const [slot, setSlot] = useState<string | null>(null);
  const [notPdf, setNotPdf] = useState<string | null>(null);
  function pick(fileType: string, file: File | undefined) {
    if (!file) return;
    setSlot(fileType);
    const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    setNotPdf(pdf ? null : fileType);
    if (!pdf) return upload.reset();
    upload.mutate({ fileType, file });
  }
  return (
    <section className="cl-card" data-testid="cl-documents">
      <h2>{t.documentsTitle}</h2>
      <p className="muted">{t.documentsHint}</p>
      {p.documents_required && p.can_accept === false && !p.acceptance && <p className="muted">{t.documentsRequired}</p>}
      {p.documents.map((d) => {
        const error =
          slot === d.file_type
            ? notPdf === d.file_type
              ? t.onlyPdf
              : upload.error
                ? upload.error instanceof ApiError
                  ? upload.error.message
                  : t.uploadFailed
                : null
            : null;
        const busy = upload.isPending && slot === d.file_type;
        return (
          <div key={d.file_type} className="cl-doc" data-slot={d.file_type}>
            <div className="cl-doc-head">
              <h3>
                {d.files.length > 0 && <Icon icon={checkIcon} className="cl-doc-done" aria-label={t.uploaded} />}
                {d.title}
              </h3>
              <p className="muted">{d.description}</p>
              {d.link && (
                <a href={serverUrl(d.link)} target="_blank" rel="noopener">
                  {t.template}
                </a>
              )}
            </div>
            {d.files.length > 0 && (
              <ul className="cl-files">
                {d.files.map((f) => (
                  <li key={`${f.name}-${f.created_at}`}>{f.name}</li>
                ))}
              </ul>
            )}
            {p.can_upload && (
              // The browser's own file button speaks its language and style: a label drawn as a button opens it.
              <label className="file-button cl-upload">
                <input
                  type="file"
                  accept="application/pdf,.pdf"
                  disabled={upload.isPending}
                  aria-label={`${t.choosePdf}: ${d.title}`}
                  data-testid={`cl-upload-${d.file_type}`}
                  onChange={(e) => {
                    pick(d.file_type, e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
                <Icon icon={uploadIcon} />
                <span aria-hidden="true">{busy ? t.uploading : d.files.length ? t.chooseAnother : t.choosePdf}</span>
              </label>
            )}
            {error && (
              <Note color="danger" role="alert" className="cl-error">
                {error}
              </Note>
            )}
          </div>
        );
      })}
    </section>
  );
}
