import { type ReactNode, useMemo, useState } from 'react';
import type { ContractualCategory } from '@core/categories';
import { messageFor } from '@core/prescoring/messages';
import type { Answers } from '@core/prescoring/questions';
import type { Proposal } from '@core/schemas/quotations';
import { it } from '../../i18n/quotation';
import { type SavedCheck, savedCheckOf } from './saved-check';
import { SaveAnswers, type WriteState } from './steps';

/** A complete credit check of the customer and its result for this quotation's offer, as the slot reports it. */
export type SustainabilityCheck = {
  contractualCategory: ContractualCategory;
  step: string | null;
  answers: Answers;
  response: { chance: number | null; description: string | null };
};

/**
 * What the sustainability slot gets (App.tsx fills it with the single-offer credit check, §2: "a second,
 * single-offer variant of the check runs on the offer detail and quotation pages"): the customer's
 * category, the quoted offer's rate and deposit, and where to report the check (null while incomplete).
 */
export interface SustainabilitySlotProps {
  proposal: Proposal;
  category: ContractualCategory;
  /** The check already saved on the proposal (null if none): the slot starts from its answers. */
  saved: SavedCheck | null;
  offerData: { monthly_rate: number; deposit: number };
  /** Whom the check is about: answers stored in the browser for anyone else are not used. */
  subject: string;
  onCheck: (check: SustainabilityCheck | null) => void;
}

export type SustainabilitySlot = (props: SustainabilitySlotProps) => ReactNode;

/**
 * The sustainability step around the slot's credit check: the check reports its answers and the result
 * for this offer; recording them on the proposal moves on to the documents.
 */
export function SlotStep({
  proposal,
  disabled,
  slot,
  saving,
  onSave,
}: {
  proposal: Proposal;
  disabled: boolean;
  slot: SustainabilitySlot;
  saving: WriteState;
  onSave: (check: SustainabilityCheck) => void;
}) {
  const [check, setCheck] = useState<SustainabilityCheck | null>(null);
  const offerData = useMemo(() => ({ monthly_rate: proposal.price, deposit: proposal.deposit }), [proposal.price, proposal.deposit]);
  // Read once: the slot starts from the saved answers when the step opens, not again after each save.
  const [saved] = useState(() => savedCheckOf(proposal));
  return (
    <div data-testid="sustainability-step">
      <h2>{it.quotation.sustainabilityTitle}</h2>
      <p className="muted">{it.quotation.sustainabilitySlotHint}</p>
      {/* Until the check reports its result again (offline, answers being changed), the one on record. */}
      {saved?.response && !check && (
        <p className="saved-check" data-testid="saved-check">
          {it.quotation.savedCheck(messageFor(saved.response.description, 'offer'))}
        </p>
      )}
      {slot({ proposal, category: proposal.contractual_category, saved, offerData, subject: `proposal:${proposal.id}`, onCheck: setCheck })}
      <SaveAnswers disabled={disabled || !check} saving={saving} onSave={() => check && onSave(check)} />
    </div>
  );
}
