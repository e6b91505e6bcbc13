import { Button } from '../../ui/button';
import { Note } from '../../ui/text';
import type { Proposal } from '@core/schemas/quotations';
import { ApiError } from '../../api/client';
import { it } from '../../i18n/quotation';
import { useDownloadProposalPdf } from './api/proposal-writes';

/** The PDF can be downloaded from this tracker step on (the spec's configured value, 2). */
export const PDF_STEP = 2;

/**
 * The download button's three states (§4 "PDF availability"): enabled when the PDF is ready, the
 * proposal still valid and the step reached; disabled while it is generated; disabled until the step.
 */
export function PdfButton({ proposal }: { proposal: Proposal }) {
  const download = useDownloadProposalPdf(proposal.id);
  const reached = proposal.step >= PDF_STEP;
  const ready = proposal.has_pdf && proposal.stillValid && reached;
  const tip = !reached
    ? it.quotation.pdf.completeStep
    : !proposal.stillValid
      ? it.quotation.pdf.expired
      : !proposal.has_pdf
        ? it.quotation.pdf.preparing
        : it.quotation.pdf.download;
  return (
    <span className="pdf-button-wrap" title={tip} data-testid="pdf-button-wrap" data-state={ready ? 'ready' : !reached ? 'step' : 'preparing'}>
      <Button expand="block" disabled={!ready || download.isPending} data-testid="pdf-download" onClick={() => download.mutate()}>
        {it.quotation.pdf.download}
      </Button>
      {!ready && <Note className="pdf-tip">{tip}</Note>}
      {download.isError && (
        <Note color="danger" role="alert">
          {download.error instanceof ApiError ? download.error.message : it.common.serverError}
        </Note>
      )}
    </span>
  );
}
