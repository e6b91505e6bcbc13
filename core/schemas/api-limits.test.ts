import { describe, expect, it } from 'vitest';
import { z } from './zod-config';
import { PriceMapSchema } from './catalog';
import { INT32_MAX, rowId } from './common';
import { SustainabilitySchema } from './quotations';

// What the API document declares (enums, integer limits) is what the server's schemas refuse.
describe('the API input limits the document declares', () => {
  it('takes row ids up to the largest 32-bit integer, and no further', () => {
    expect(rowId().safeParse(INT32_MAX).success).toBe(true);
    expect(rowId().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(rowId().safeParse(0).success).toBe(false);
  });

  it('keys a price map by the fields a condition can test', () => {
    const entry = { value: 18, conditions: [['duration', '<=', 36]] };
    expect(PriceMapSchema.safeParse({ duration: [entry] }).success).toBe(true);
    expect(PriceMapSchema.safeParse({ listino: [entry] }).success).toBe(false);
  });

  it("refuses a stored credit check's answer to a question that does not exist", () => {
    expect(SustainabilitySchema.safeParse({ answers: { guarantor: false } }).success).toBe(true);
    const wrong = SustainabilitySchema.safeParse({ answers: { colore_preferito: 'blu' } });
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['answers.colore_preferito', 'Domanda sconosciuta: colore_preferito.']]);
  });

  it('declares the answer keys and price-map fields as enums in the JSON schema', () => {
    const answers = z.toJSONSchema(SustainabilitySchema, { io: 'input' }) as unknown as { properties: { answers: { propertyNames: { enum: string[] } } } };
    expect(answers.properties.answers.propertyNames.enum).toContain('net_monthly_income');
    const map = z.toJSONSchema(PriceMapSchema, { io: 'input' }) as unknown as { propertyNames: { enum: string[] } };
    expect(map.propertyNames.enum).toEqual(['duration', 'distance', 'deposit', 'monthly_rate', 'quantity']);
  });
});
