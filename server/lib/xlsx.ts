import ExcelJS from 'exceljs';

export type XlsxColumn<T> = { header: string; width?: number; value: (row: T) => string | number | Date | null; numFmt?: string };

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One sheet with a bold, frozen header row: the downloads of lists ('Offerte.xlsx', 'Preventivi.xlsx'). */
export async function renderXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: readonly T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portale Noleggio';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
