import { useMutation } from '@tanstack/react-query';
import type { OfferAttachmentInput } from '@core/schemas/offer-detail';
import { apiBlob, saveBlob } from '../../../api/client';

/** `POST offers/attachment`: the offer sheet PDF, priced by the server, saved as 'Preventivo-{timestamp}.pdf'. */
export async function printOffer(body: OfferAttachmentInput) {
  const { blob, filename } = await apiBlob('offers/attachment', { method: 'POST', body });
  saveBlob(blob, filename ?? `Preventivo-${Date.now()}.pdf`);
}

export const usePrintOffer = () => useMutation({ mutationFn: printOffer });
