import { z } from '../schemas/zod-config';
import { categoryInfo, type ContractualCategory } from '../categories';
import { MESSAGE_KEYS } from './messages';
import { END, QUESTION_KEYS, logicFor, type Answers, type LogicVariant } from './questions';
import { ContractualCategorySchema } from '../schemas/common';

export const AnswerValueSchema = z.union([z.string(), z.number(), z.boolean()]);
/**
 * Answers by question. The keys are declared as the questions' (the API document's enum); a key that is
 * no question of the category is refused by the check below, which says which category asks what.
 */
export const AnswersSchema = z.record(z.string().meta({ enum: [...QUESTION_KEYS] }), AnswerValueSchema);
/** Answers stored with a quotation, whose category is not checked here: every key must be a question. */
export const StoredAnswersSchema = AnswersSchema.superRefine((answers, ctx) => {
  for (const key of Object.keys(answers))
    if (!(QUESTION_KEYS as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: `Domanda sconosciuta: ${key}.` });
});

const amount = (what: string) => z.number({ error: `${what} deve essere un numero.` }).nonnegative({ error: `${what} non può essere negativo.` });

export const OfferDataSchema = z.object({
  monthly_rate: amount('Il canone mensile'),
  deposit: amount("L'anticipo"),
  car_value: z
    .number({ error: "Il valore dell'auto deve essere un numero." })
    .positive({ error: "Il valore dell'auto deve essere maggiore di zero." })
    .optional(),
});

const inputShape = {
  contractualCategory: ContractualCategorySchema,
  /** The client's current step; informational, the engine derives the next step from the answers. */
  step: z.string().nullable().optional(),
  answers: AnswersSchema.default({}),
};

interface CheckedInput {
  contractualCategory: ContractualCategory;
  step?: string | null | undefined;
  answers: Answers;
  offerData?: unknown;
}

// Answers are checked against the category's own questions, so a client cannot smuggle in keys the rules
// never read, or values the rules would misread.
function checkAgainstLogic(input: CheckedInput, ctx: z.RefinementCtx): void {
  const variant: LogicVariant = input.offerData ? 'offer' : 'quote';
  const logic = logicFor(input.contractualCategory, variant);
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

  if (input.step != null && !logic.some((q) => q.q === input.step)) {
    issue(['step'], `Passo sconosciuto per la categoria «${categoryInfo(input.contractualCategory).label}».`);
  }
  for (const [key, value] of Object.entries(input.answers)) {
    const path = ['answers', key];
    const question = logic.find((q) => q.q === key);
    if (!question) {
      issue(path, `Domanda sconosciuta per la categoria «${categoryInfo(input.contractualCategory).label}»: ${key}.`);
      continue;
    }
    switch (question.type) {
      case 'TYPE_INPUT':
        if (typeof value !== 'number' || !Number.isFinite(value)) issue(path, "Inserisci l'importo in euro come numero.");
        else if (value < 0) issue(path, "L'importo non può essere negativo.");
        else if (!Number.isInteger(value)) issue(path, "Inserisci l'importo in euro senza decimali.");
        break;
      case 'TYPE_BOOL':
        if (typeof value !== 'boolean') issue(path, 'Rispondi Sì o No.');
        break;
      case 'TYPE_CHOICE': {
        const keys = (question.list ?? []).map((c) => c.key);
        if (typeof value !== 'string' || !keys.includes(value)) issue(path, `Scelta non valida. Valori ammessi: ${keys.join(', ')}.`);
        break;
      }
    }
  }
}

/** Body of `POST check`: the quote (widget) check. An offerData sent here is dropped, not used. */
export const CheckInputSchema = z.object(inputShape).superRefine(checkAgainstLogic);
/** Input of the engine: `POST check`, or `POST offer-check` when offerData is present. */
export const PrescoringInputSchema = z.object({ ...inputShape, offerData: OfferDataSchema.optional() }).superRefine(checkAgainstLogic);
/** Body of `POST offer-check`: the single-offer variant needs the offer's data. */
export const OfferCheckInputSchema = z.object({ ...inputShape, offerData: OfferDataSchema }).superRefine(checkAgainstLogic);

export const ChanceSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const MessageKeySchema = z.enum(MESSAGE_KEYS);

export const PrescoringResponseSchema = z.object({
  chance: ChanceSchema.nullable(),
  currentStep: z.enum(QUESTION_KEYS).nullable(),
  description: MessageKeySchema.nullable(),
  monthlyRateMax: z.number().nullable(),
  /** Euro: the most the customer is asked to put down as a deposit; null when none is required. */
  depositRequired: z.number().nullable(),
  thresholdMonthlyRateMax: z.number().nullable(),
  sustainabilityIndex: ChanceSchema.nullable(),
});

/** Response of `GET logic/{contractualCategory}`. */
export const QuestionSchema = z.object({
  q: z.enum(QUESTION_KEYS),
  type: z.enum(['TYPE_BOOL', 'TYPE_INPUT', 'TYPE_CHOICE']),
  label: z.string(),
  list: z
    .array(z.object({ key: z.string(), label: z.string() }))
    .readonly()
    .optional(),
  default: AnswerValueSchema.optional(),
  a: z
    .array(
      z.object({
        value: z.union([z.boolean(), z.string()]),
        label: z.string(),
        action: z.object({ goto: z.union([z.enum(QUESTION_KEYS), z.literal(END)]) }).optional(),
      }),
    )
    .readonly()
    .optional(),
});
export const LogicSchema = z.array(QuestionSchema);

// ---------------------------------------------------------------- the wire (docs/prescoring.md, "HTTP API")

/** `GET logic/{contractualCategory}?variant=quote|offer` */
export const LogicParamsSchema = z.object({ contractualCategory: z.string().max(100) });
export const LogicQuerySchema = z.object({
  variant: z.enum(['quote', 'offer'], { error: 'La variante deve essere «quote» oppure «offer».' }).default('quote'),
});

/**
 * Every successful prescoring answer: the spec's `{ success, data, error, errorCode }`. A refused input is
 * not a 200 with success false but a 4xx carrying the API's error envelope plus `success: false` and
 * `errorCode` (PrescoringErrorSchema), so the one HTTP client handles it like any other call.
 */
export const prescoringOk = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data, error: z.null(), errorCode: z.null() });
export const LogicResponseSchema = prescoringOk(LogicSchema);
export const CheckResponseSchema = prescoringOk(PrescoringResponseSchema);

export const PRESCORING_ERROR_CODES = ['INVALID_CATEGORY', 'INVALID_INPUT', 'BAD_REQUEST', 'NOT_FOUND', 'SERVER_ERROR'] as const;
export type PrescoringErrorCode = (typeof PRESCORING_ERROR_CODES)[number];
export const PrescoringErrorSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  error: z.object({ http_code: z.number().int(), message: z.string(), code: z.enum(PRESCORING_ERROR_CODES) }),
  errorCode: z.enum(PRESCORING_ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())),
});

export type OfferData = z.infer<typeof OfferDataSchema>;
export type CheckInput = z.output<typeof CheckInputSchema>;
export type PrescoringInput = z.output<typeof PrescoringInputSchema>;
export type OfferCheckInput = z.output<typeof OfferCheckInputSchema>;
export type Chance = z.infer<typeof ChanceSchema>;
export type PrescoringResponse = z.infer<typeof PrescoringResponseSchema>;
export type CheckResponse = z.infer<typeof CheckResponseSchema>;
export type PrescoringError = z.infer<typeof PrescoringErrorSchema>;
