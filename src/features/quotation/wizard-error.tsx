import { Button } from '../../ui/button';
import { Link } from 'react-router-dom';
import { PROPOSAL_ERRORS, type ProposalErrorCode } from '@core/quotation';
import { it } from '../../i18n/it';

/** One of the spec's proposal error codes (§8), as the server or a rejected outbox write gives it. */
export const isProposalError = (code: string | null | undefined): code is ProposalErrorCode => typeof code === 'string' && code in PROPOSAL_ERRORS;

export type WizardError = { code: ProposalErrorCode; fields: Record<string, string[]> } | { code: null; message: string; fields: Record<string, string[]> };

/**
 * The proposal errors of §8: the spec's texts for its three codes (the incompatible customer type
 * links back to the offer), the server's message otherwise. Closable.
 */
export function ErrorAlert({ error, offerLink, onClose }: { error: WizardError | null; offerLink: string; onClose: () => void }) {
  if (!error) return null;
  const text = error.code ? PROPOSAL_ERRORS[error.code] : error.message;
  return (
    <div className="wizard-alert" role="alert" data-testid="proposal-alert">
      {error.code === 'Customer type not compatible with offer' ? (
        <Link to={offerLink} data-testid="back-to-offer-link">
          {text}
        </Link>
      ) : (
        <span>{text}</span>
      )}
      <Button size="small" fill="clear" onClick={onClose} aria-label={it.common.close}>
        ×
      </Button>
    </div>
  );
}
