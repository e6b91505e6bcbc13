import { Button } from '../../../ui/button';
import { useState } from 'react';
import { OCCUPATIONS, type Selection } from '@core/offer-detail';
import { it } from '../../../i18n/offer-detail';
import { usePrintOffer } from '../api/print-offer';
import { SideModal } from './side-modal';

const t = it.offerDetail;

/** Customer name, occupation, 'Stampa Offerta' (the spec: no validation). */
export function PrintModal({ open, onClose, offer, price, sel }: { open: boolean; onClose: () => void; offer: string; price: number; sel: Selection }) {
  const [name, setName] = useState('');
  const [occupation, setOccupation] = useState('');
  const printer = usePrintOffer();
  return (
    <SideModal open={open} onClose={onClose} title={t.printTitle} testId="print-modal">
      <label className="od-field">
        <span>{t.customerName}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} data-testid="print-name" />
      </label>
      <label className="od-field">
        <span>{t.occupation}</span>
        <select value={occupation} onChange={(e) => setOccupation(e.target.value)} data-testid="print-occupation">
          <option value="">{t.chooseOccupation}</option>
          {OCCUPATIONS.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
      <Button
        expand="block"
        disabled={printer.isPending}
        onClick={() =>
          printer.mutate({
            offer,
            price,
            name,
            ...(occupation ? { occupation: occupation as (typeof OCCUPATIONS)[number] } : {}),
            accessories: [...sel.accessories],
            colors: [...sel.colors],
            services: { ...sel.services },
          })
        }
      >
        {t.printButton}
      </Button>
      {printer.isError && (
        <p className="form-error" role="alert">
          {t.printFailed}
        </p>
      )}
      <p className="od-note">{t.feeMayVary}</p>
    </SideModal>
  );
}
