// xlsx exports (docs/adr/0110-hostile-input-and-security-suites.md): text that a spreadsheet could take for a formula stays text.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, renderXlsx } from './xlsx';

describe('xlsx exports', () => {
  it('puts an apostrophe before text starting with =, +, -, @, tab or carriage return', () => {
    for (const t of ['=HYPERLINK("http://x.test","clic")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])
      expect(neutraliseFormula(t)).toBe(`'${t}`);
    for (const t of ['Fiat Panda', '+39 333 1234567', '-5', '', 'a=b']) expect(neutraliseFormula(t)).toBe(t);
  });

  it('writes the neutralised text in the file, numbers and dates untouched', async () => {
    const rows = [{ name: '=1+1', note: 'ok', price: -12.5 }];
    const buf = await renderXlsx(
      'Prova',
      [
        { header: 'Nome', value: (r: (typeof rows)[number]) => r.name },
        { header: 'Nota', value: (r) => r.note },
        { header: 'Prezzo', value: (r) => r.price },
      ],
      rows,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buf as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe("'=1+1");
    expect(row.getCell(1).formula).toBeUndefined();
    expect(row.getCell(2).value).toBe('ok');
    expect(row.getCell(3).value).toBe(-12.5);
  });
});
