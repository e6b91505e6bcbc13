import type { QuotationSearch } from '@core/schemas/sales';
import { apiBlob, saveBlob } from '../../../api/client';
import { useDownload } from '../../../api/use-download';

/** `POST quotations/export`: every row of the filter as 'Preventivi.xlsx'. */
export async function exportQuotations(body: QuotationSearch) {
  const { page: _page, ...filter } = body;
  const { blob } = await apiBlob('quotations/export', { method: 'POST', body: filter });
  saveBlob(blob, 'Preventivi.xlsx');
}

export const useExportQuotations = () => useDownload(exportQuotations);
