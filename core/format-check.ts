// Finds figures on a rendered screen that did not go through core/format.ts (docs/adr/0113-figures-one-formatter.md): a test
// helper, kept in core so the unit tests and the end-to-end scan of real screens share one rule.

const UNIT = String.raw`(?:€|km\b|mm\b|cc\b|kg\b|l\b|kWh\b|mesi\b|cv\b|g/km)`;

const RULES: { why: string; pattern: RegExp }[] = [
  // '2500 €', '25000 km': 4 or more digits with a unit and no thousands point.
  { why: 'no thousands point', pattern: new RegExp(String.raw`(?<![\d.,\w#/-])\d{4,}(?:,\d+)?\s?${UNIT}`, 'g') },
  { why: 'no thousands point', pattern: /€\s?\d{4,}(?![\d.])/g },
  // Counts and figures of 5 or more digits anywhere ('12500 risultati'); codes sit inside words
  // ('AG0001', '#00001'), carry their own punctuation or follow their label ('Codice 10000361', a quotation's
  // code on its PDF), and a CAP or a phone number is its own field.
  { why: 'no thousands point', pattern: /(?<![\d.,\w#/+-])(?<!\b[Cc]odice\s)\d{5,}(?![\d.,\w/-])(?!\s?(?:\)|$))/g },
  // '5.1', '118.9': a decimal point (a thousands group always has 3 digits). A car's version name
  // ('1.0 Hybrid 70cv', '2.0 TDI') is a name, not a figure: a word other than a unit may follow.
  { why: 'decimal point instead of comma', pattern: /(?<![\d.,\w])\d+\.\d{1,2}(?![\d\w.])(?!\s(?!(?:l|kWh|km|mm|cc|kg|mesi|cv)\b)[A-Za-z])/g },
  // '1,234.50' or '5,000 €': English grouping.
  { why: 'English grouping', pattern: /(?<![\d.,\w])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])/g },
  // '5.000,00 €': whole amounts show no cents (formatEuro).
  { why: 'cents on a whole amount', pattern: /\d,00\s?€/g },
  // '5.000€' outside the spec's '{value}€ al mese'.
  { why: 'euro sign glued to the amount', pattern: /\d€(?!\s?al mese)/g },
];

export type FormatProblem = { text: string; why: string };

/** The figures in a text that break the Italian format rules, with the reason; [] when all is well. */
export function findUnformattedNumbers(text: string): FormatProblem[] {
  const found: FormatProblem[] = [];
  for (const line of text.split('\n')) {
    for (const { why, pattern } of RULES) {
      for (const m of line.matchAll(pattern)) found.push({ text: m[0].trim(), why });
    }
  }
  return found;
}
