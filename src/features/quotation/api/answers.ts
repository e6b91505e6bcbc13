import { dataOf } from '@core/schemas/common';
import { ProposalSchema } from '@core/schemas/quotations';
import { z } from '@core/schemas/zod-config';

// The quotation writes' answers, checked when a write is sent at once (quotations.ts loads this module
// with the first write: zod and the schemas stay off the wizard's first screen, docs/adr/0116-zod-one-door-not-on-first-screens.md).

/** What the proposal writes answer: the proposal as it now is. */
export const ProposalAnswer = dataOf(ProposalSchema).transform((r) => r.data);

/** POST quote ('Salva preventivo'): the answer's data is the new quotation's code. */
export const QuoteCodeAnswer = dataOf(z.string()).transform((r) => r.data);
