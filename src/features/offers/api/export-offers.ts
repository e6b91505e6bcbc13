import { useMutation } from '@tanstack/react-query';
import type { OfferSearchInput } from '@core/schemas/offers';
import { apiBlob, saveBlob } from '../../../api/client';

/** `POST search/offers/export`: the current result list as 'Offerte.xlsx', built on the server. */
export async function exportOffers(body: OfferSearchInput) {
  const { blob, filename } = await apiBlob('search/offers/export', { method: 'POST', body });
  saveBlob(blob, filename ?? 'Offerte.xlsx');
}

export const useExportOffers = () => useMutation({ mutationFn: exportOffers });
