import type { OfferSearchInput } from '@core/schemas/offers';
import { apiBlob, saveBlob } from '../../../api/client';
import { useDownload } from '../../../api/use-download';

/** `POST search/offers/export`: the current result list as 'Offerte.xlsx', built on the server. */
export async function exportOffers(body: OfferSearchInput) {
  const { blob, filename } = await apiBlob('search/offers/export', { method: 'POST', body });
  saveBlob(blob, filename ?? 'Offerte.xlsx');
}

export const useExportOffers = () => useDownload(exportOffers);
