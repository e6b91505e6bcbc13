import { useMutation } from '@tanstack/react-query';
import type { CompareAttachmentInput } from '@core/schemas/compare';
import { apiBlob, saveBlob } from '../../../api/client';

/** `POST offers/compare/attachment` (docs/adr/0143-compare-offers.md): the comparison as a PDF, priced and checked by the server, saved as 'Confronto-offerte-{timestamp}.pdf'. */
export async function printCompare(body: CompareAttachmentInput) {
  const { blob, filename } = await apiBlob('offers/compare/attachment', { method: 'POST', body });
  saveBlob(blob, filename ?? `Confronto-offerte-${Date.now()}.pdf`);
}

export const usePrintCompare = () => useMutation({ mutationFn: printCompare });
