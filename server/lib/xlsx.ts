import ExcelJS from 'exceljs';

export type XlsxColumn<T> = { header: string; width?: number; value: (row: T) => string | number | Date | null; numFmt?: string };

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Text a spreadsheet could take for a formula (=, +, -, @, tab or carriage return first: OWASP's
 * "CSV injection", which also bites when an xlsx is edited or saved as CSV) gets an apostrophe in
 * front, so it stays text. Phone numbers and signed numbers written as text ('+39 333 1234567',
 * '-5') are left as they are: nothing in them can be a formula's call or reference.
 */
export function neutraliseFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || /^[+-][\d\s().,]*$/.test(text)) return text;
  return `'${text}`;
}

const cellValue = (v: string | number | Date | null) => (typeof v === 'string' ? neutraliseFormula(v) : v);

/** One sheet with a bold, frozen header row: the downloads of lists ('Offerte.xlsx', 'Preventivi.xlsx'). */
export async function renderXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: readonly T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portale Noleggio';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c.value(row))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
