import type { ResetConfirmation } from '@core/credit-check-filters';
import { it } from '../i18n/credit-check';

/** The spec's two prompts (§5 "Filters") for needsResetConfirmation's answer. */
export const resetConfirmationText = (kind: ResetConfirmation): string => (kind === 'edit' ? it.creditCheck.confirmEdit : it.creditCheck.confirmRemove);
