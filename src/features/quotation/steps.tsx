import { Button } from '../../ui/button';
import { Note } from '../../ui/text';
import { Spinner } from '../../ui/spinner';
import { useState } from 'react';
import type { ContractualCategory } from '@core/categories';
import { formatNumber } from '@core/format';
import { type AnswerValue, type Answers, applyAnswer, canSubmit, logicFor, type Question, startFlow, visibleQuestions } from '@core/prescoring/questions';
import type { Proposal } from '@core/schemas/quotations';
import { STATUS_LABELS } from '@core/quotation';
import { ApiError } from '../../api/client';
import { it } from '../../i18n/quotation';
import { outboxKnown, usePendingWrites } from '../../offline/hooks';
import { useUploadDocument } from './api/proposal-writes';
import { useWritesPending } from '../../api/use-write';
import type { SavedCheck } from './saved-check';
import { FilePick } from '../../ui/file-pick';

/**
 * The sustainability step: the category's credit-check questions (core/prescoring) answered here and
 * recorded on the proposal; the server evaluates them. The full credit-check panel (src/credit-check,
 * another branch) can replace this through QuotationPage's `sustainability` slot.
 */
export function SustainabilityStep({
  category,
  saved,
  disabled,
  saving,
  onSave,
}: {
  category: ContractualCategory;
  /** The answers already saved on the proposal: the step starts from them. */
  saved: SavedCheck | null;
  disabled: boolean;
  saving: WriteState;
  onSave: (answers: Answers, step: string | null) => void;
}) {
  const logic = logicFor(category, 'quote');
  const [flow, setFlow] = useState(() => (saved ? { answers: saved.answers, step: saved.step } : startFlow(logic)));
  const answer = (q: Question, v: AnswerValue) => setFlow(applyAnswer(logic, flow.answers, q.q, v));
  const questions = visibleQuestions(logic, flow.answers, flow.step);
  return (
    <div data-testid="sustainability-step">
      <h2>{it.quotation.sustainabilityTitle}</h2>
      <p className="muted">{it.quotation.sustainabilityHint}</p>
      {questions.map((q) => (
        <div key={q.q} className="question" data-question={q.q}>
          <p>{q.label}</p>
          {q.type === 'TYPE_BOOL' &&
            (q.a ?? []).map((a) => (
              <Button
                key={String(a.value)}
                size="small"
                fill={flow.answers[q.q] === a.value ? 'solid' : 'outline'}
                disabled={disabled}
                onClick={() => answer(q, a.value)}
              >
                {a.label}
              </Button>
            ))}
          {q.type === 'TYPE_INPUT' && <NumberAnswer value={flow.answers[q.q]} disabled={disabled} onOk={(n) => answer(q, n)} />}
          {q.type === 'TYPE_CHOICE' && (
            <select
              aria-label={q.label}
              disabled={disabled}
              value={String(flow.answers[q.q] ?? '')}
              onChange={(e) => e.target.value && answer(q, e.target.value)}
            >
              <option value="">{it.common.placeholder}</option>
              {(q.list ?? []).map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </div>
      ))}
      <SaveAnswers disabled={disabled || !canSubmit(logic, flow.answers)} saving={saving} onSave={() => onSave(flow.answers, flow.step)} />
    </div>
  );
}

/** The state of the write a step's button starts: a mutation's (api/proposal-writes.ts). */
export type WriteState = { isPending: boolean; error: Error | null };

/** The sustainability step's footer: 'Registra il credit check' with its busy state, and the server's refusal above it. */
export function SaveAnswers({ disabled, saving, onSave }: { disabled: boolean; saving: WriteState; onSave: () => void }) {
  return (
    <>
      {saving.error && (
        <Note color="danger" role="alert">
          {saving.error instanceof ApiError ? saving.error.message : it.quotation.genericError}
        </Note>
      )}
      <div className="wizard-actions">
        <span />
        <Button data-testid="save-sustainability" disabled={disabled || saving.isPending} onClick={onSave}>
          {saving.isPending ? <Spinner name="dots" /> : it.quotation.saveAnswers}
        </Button>
      </div>
    </>
  );
}

/** Non-negative whole euros, shown with the '.' thousands separator; Ok disabled while empty (§5 "Credit check input"). */
function NumberAnswer({ value, disabled, onOk }: { value: AnswerValue | undefined; disabled: boolean; onOk: (n: number) => void }) {
  const [text, setText] = useState(typeof value === 'number' ? formatNumber(value) : '');
  const digits = text.replace(/\D/g, '');
  return (
    <span className="number-answer">
      <input
        inputMode="numeric"
        aria-label={it.common.placeholder}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const d = e.target.value.replace(/\D/g, '');
          setText(d ? formatNumber(Number(d)) : '');
        }}
      />
      <Button size="small" disabled={disabled || !digits} onClick={() => onOk(Number(digits))}>
        Ok
      </Button>
    </span>
  );
}

const UPLOAD_GROUP = 'quotation-upload';

/** One upload slot per required document; PDF only (the server checks the content too). */
export function DocumentsStep({
  proposal,
  disabled,
  strict,
  onBack,
  onNext,
}: {
  proposal: Proposal;
  disabled: boolean;
  strict: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  // Files waiting in the outbox, by slot: they count as given (the write will arrive). Read from the outbox
  // itself, so they stay in their slot across reloads; those queued on this screen show at once, before the
  // outbox's list (kept by the app's background start) has them.
  const [justQueued, setJustQueued] = useState<QueuedDocument[]>([]);
  const outbox = usePendingWrites();
  const code = proposal.quotation.data.code;
  const waiting = outbox.flatMap((e): QueuedDocument[] =>
    e.form && e.form.fields.quotation === code && e.form.fields.file_type
      ? [{ clientId: e.clientId, fileType: e.form.fields.file_type, name: e.form.fileName, rejected: e.status === 'rejected' ? (e.error ?? '') : null }]
      : [],
  );
  if (!outboxKnown()) waiting.push(...justQueued.filter((q) => !waiting.some((w) => w.clientId === q.clientId)));
  const queued = (t: string) => waiting.filter((w) => w.fileType === t);
  // One upload at a time: every slot waits while one is sent.
  const uploading = useWritesPending(UPLOAD_GROUP);
  const slots = proposal.quotation.data.attachments;
  const filled = (t: string) => (slots.find((s) => s.file_type === t)?.files.length ?? 0) + queued(t).length > 0;
  const blocked = strict && slots.some((s) => !filled(s.file_type));
  return (
    <div data-testid="documents-step">
      <h2>{it.quotation.documentsTitle}</h2>
      <p className="muted">{it.quotation.documentsHint}</p>
      {slots.map((s) => (
        <DocumentSlot
          key={s.file_type}
          code={code ?? ''}
          slot={s}
          queued={queued(s.file_type)}
          disabled={disabled || !code || uploading}
          onQueued={(clientId, name) => setJustQueued((q) => [...q, { clientId, fileType: s.file_type, name, rejected: null }])}
        />
      ))}
      {blocked && <Note>{it.quotation.strictBlock}</Note>}
      <div className="wizard-actions">
        <Button fill="outline" onClick={onBack}>
          {it.quotation.back}
        </Button>
        <Button disabled={disabled || blocked} onClick={onNext} data-testid="documents-next">
          {it.quotation.next}
        </Button>
      </div>
    </div>
  );
}

type AttachmentSlot = Proposal['quotation']['data']['attachments'][number];
/** A document in the outbox: waiting to be sent, or refused by the server with its message. */
type QueuedDocument = { clientId: string; fileType: string; name: string; rejected: string | null };

/** A document slot: its files, the ones waiting to be sent, and its own upload (a mutation: busy and error are its state). */
function DocumentSlot({
  code,
  slot: s,
  queued,
  disabled,
  onQueued,
}: {
  code: string;
  slot: AttachmentSlot;
  queued: QueuedDocument[];
  disabled: boolean;
  onQueued: (clientId: string, name: string) => void;
}) {
  const upload = useUploadDocument(code, UPLOAD_GROUP);
  const [notPdf, setNotPdf] = useState(false);
  function pick(file: File | undefined) {
    if (!file) return;
    const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    setNotPdf(!pdf);
    if (!pdf) return upload.reset();
    upload.mutate({ fileType: s.file_type, file }, { onSuccess: (r) => r.state === 'queued' && onQueued(r.clientId, file.name) });
  }
  const error = notPdf ? it.quotation.onlyPdf : upload.error ? (upload.error instanceof ApiError ? upload.error.message : it.quotation.uploadFailed) : null;
  return (
    <div className="doc-slot" data-slot={s.file_type}>
      <h3>{s.title}</h3>
      <p className="muted">{s.description}</p>
      {s.link && (
        <a href={s.link} target="_blank" rel="noreferrer">
          {it.quotation.template}
        </a>
      )}
      <ul className="sidebar-list">
        {s.files.map((f) => (
          <li key={f.id}>{f.name}</li>
        ))}
        {queued.map((q) => (
          <li key={q.clientId} data-testid="document-waiting" data-state={q.rejected === null ? 'waiting' : 'rejected'}>
            {q.name} · <em>{q.rejected === null ? it.quotation.documentWaiting : it.quotation.documentRejected(q.rejected)}</em>
          </li>
        ))}
      </ul>
      <FilePick
        button={it.quotation.choosePdf}
        name={`${it.quotation.choosePdf}: ${s.title}`}
        accept="application/pdf"
        disabled={disabled}
        status={upload.isPending ? it.quotation.uploading : null}
        onFiles={(files) => pick(files[0])}
        testId={`upload-${s.file_type}`}
      />
      {upload.isPending && <Spinner name="dots" />}
      {error && (
        <Note color="danger" role="alert">
          {error}
        </Note>
      )}
    </div>
  );
}

export function StatusStep({
  proposal,
  busy,
  onStatus,
  onBack,
}: {
  proposal: Proposal;
  busy: boolean;
  onStatus: (s: 'WON' | 'LOST') => void;
  onBack: () => void;
}) {
  // A lost quotation is closed (spec §4 "Quotation status"): its Italian status, and nothing left to accept or reject.
  const lost = proposal.status === 'LOST';
  return (
    <div data-testid="status-step">
      <h2>{it.quotation.statusTitle}</h2>
      <p>
        <span className="status-badge" data-status={proposal.status} data-testid="status-label">
          {STATUS_LABELS[proposal.status]}
        </span>
      </p>
      <div className="wizard-actions">
        <Button fill="outline" onClick={onBack}>
          {it.quotation.back}
        </Button>
        {!lost && (
          <span>
            <Button color="danger" fill="outline" disabled={busy} onClick={() => onStatus('LOST')} data-testid="reject">
              {it.quotation.reject}
            </Button>
            <Button color="success" disabled={busy || proposal.status === 'WON'} onClick={() => onStatus('WON')} data-testid="accept">
              {it.quotation.accept}
            </Button>
          </span>
        )}
      </div>
    </div>
  );
}
