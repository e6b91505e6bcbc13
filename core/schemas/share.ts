import { z } from './zod-config';
import { CUSTOMER_ACTIVITIES, SHARE_TOKEN_PATTERN } from '../share';
import { SIGN_CHANNELS, SIGN_CODE_PATTERN, SIGN_MESSAGES } from '../signing';
import { THEMES } from './account';
import { QuotationStatusSchema } from './quotations';

/**
 * The customer's link to a quotation (docs/adr/0133-customer-link.md, core/share.ts): what the agent creates, lists and
 * revokes, and the public page's view of the proposal. The token is made on the agent's device and
 * sent once; the server keeps only its SHA-256 (docs/adr/0133-customer-link.md).
 */

const TOKEN_MESSAGE = 'Il link non è valido';
export const ShareTokenSchema = z.string().regex(SHARE_TOKEN_PATTERN, { error: TOKEN_MESSAGE });

/** POST quotations/{id}/share: the new link's token. */
export const ShareCreateSchema = z.object({ token: ShareTokenSchema });
/** POST quotations/{id}/share/{shareId}/email: the link's token again (only the agent's device has it). */
export const ShareEmailSchema = z.object({ token: ShareTokenSchema });

export const ShareStateSchema = z.enum(['active', 'revoked', 'expired']);

/** One link as the agent sees it: its life and what the customer did through it. */
export const QuotationShareSchema = z.object({
  id: z.number().int(),
  /** The Idempotency-Key it was created with: the device that made it finds its token by it. */
  client_key: z.string().nullable(),
  state: ShareStateSchema,
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  open_count: z.number().int(),
  /** Documents the customer uploaded through this link. */
  documents: z.number().int(),
  last_document_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  accepted_name: z.string().nullable(),
  /** The customer signed with a one-time code (docs/adr/0060): how the code travelled and the SHA-256 (hex) of the PDF signed. */
  signature: z.object({ channel: z.enum(SIGN_CHANNELS), pdf_sha256: z.string() }).nullable(),
  emailed_at: z.string().nullable(),
});
export type QuotationShare = z.infer<typeof QuotationShareSchema>;
export const QuotationSharesSchema = z.array(QuotationShareSchema);

export const CustomerActivitySchema = z.object({ state: z.enum(CUSTOMER_ACTIVITIES), at: z.string() });

/** The customer's name as typed and the consent box: what 'Accetta' checks before a code is sent. */
export const ShareAcceptDetailsSchema = z.object({
  name: z.string().trim().min(3, { error: 'Scrivi il tuo nome e cognome' }).max(120),
  consent: z.literal(true, { error: 'Per accettare la proposta devi dare il consenso' }),
});
/** POST share/{token}/accept: the name, the consent and the one-time code from the customer's e-mail (docs/adr/0060). */
export const ShareAcceptSchema = ShareAcceptDetailsSchema.extend({
  code: z
    .string({ error: SIGN_MESSAGES.codeMissing })
    .trim()
    .min(1, { error: SIGN_MESSAGES.codeMissing })
    .regex(SIGN_CODE_PATTERN, { error: SIGN_MESSAGES.codeShape }),
});
export type ShareAccept = z.infer<typeof ShareAcceptSchema>;

/** POST share/{token}/accept/code: where the code went (the address masked), until when it holds, how many more may be asked for. */
export const ShareCodeSentSchema = z.object({
  channel: z.enum(SIGN_CHANNELS),
  sent_to: z.string(),
  expires_at: z.string(),
  resends_left: z.number().int(),
});
export type ShareCodeSent = z.infer<typeof ShareCodeSentSchema>;

const LineSchema = z.object({ description: z.string(), price: z.number() });

/** GET share/{token}: what the customer needs, and nothing else (no commission, notes or other quotations). */
export const PublicProposalSchema = z.object({
  title: z.string(),
  code: z.string().nullable(),
  status: QuotationStatusSchema,
  created_at: z.string(),
  valid_until: z.string(),
  customer_name: z.string(),
  car: z.object({ brand: z.string(), model: z.string(), version: z.string(), image: z.string() }),
  price: z.number(),
  deposit: z.number(),
  duration: z.number().int(),
  distance: z.number().int(),
  bundle: z.string().nullable(),
  color: LineSchema.nullable(),
  accessories: z.array(LineSchema),
  services: z.array(LineSchema),
  equipped_optionals: z.string(),
  /** The offer behind it changed or is gone: nothing can be uploaded or accepted. */
  still_valid: z.boolean(),
  pdf_ready: z.boolean(),
  documents: z.array(
    z.object({
      file_type: z.string(),
      title: z.string(),
      description: z.string(),
      link: z.string().nullable(),
      files: z.array(z.object({ name: z.string(), size: z.number().int(), created_at: z.string() })),
    }),
  ),
  /** Every slot needs a file before accepting (the agent's strict-upload feature). */
  documents_required: z.boolean(),
  can_upload: z.boolean(),
  can_accept: z.boolean(),
  /** `signed`: accepted with a one-time code (docs/adr/0060); acceptances from before the code are not. */
  acceptance: z.object({ name: z.string(), accepted_at: z.string(), signed: z.boolean() }).nullable(),
  agent: z.object({
    name: z.string(),
    business_name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Only when the agent's account is rebranded. */
    logo: z.string().nullable(),
    theme: z.enum(THEMES),
  }),
});
export type PublicProposal = z.infer<typeof PublicProposalSchema>;
