import { z } from './zod-config';
import { MESSAGES } from '../i18n-messages';
import { rowId } from './common';
import { EMAIL_INVALID, EMAIL_PATTERN, isValidEmail, isValidPhone, PHONE_INVALID, PHONE_PATTERN } from '../validation';

/**
 * Account area payloads (account spec §3 and §5): profile, password change, API key,
 * theme, landing page, team member, marketing post. Shared by the forms, the client and the server.
 */

const requiredText = (max: number) => z.string().trim().min(1, MESSAGES.required).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');
// The API document states the refinements' rules as formats and patterns (server/lib/openapi).
const EMAIL_DOC = { format: 'email', pattern: EMAIL_PATTERN, examples: ['capogruppo@demo.it'] };
const PHONE_DOC = { format: 'phone', pattern: PHONE_PATTERN, examples: ['+39 333 1234567'] };
const OR_EMPTY = (doc: { pattern: string; examples: string[] }) => ({ ...doc, format: undefined, pattern: `^$|${doc.pattern}` });
const requiredEmail = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(254)
  .refine((v) => v === '' || isValidEmail(v), EMAIL_INVALID)
  .meta(EMAIL_DOC);
const optionalPhone = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || isValidPhone(v), PHONE_INVALID)
  .meta(OR_EMPTY(PHONE_DOC))
  .default('');

export const ProfileUpdateSchema = z.object({
  business_name: requiredText(160),
  name: optionalText(120),
  email: requiredEmail,
  phone: optionalPhone,
  title: optionalText(120),
  contact_info: optionalText(500),
  /** Needed only when the email changes: the login email is the key to the account (docs/adr/0101-passwords-and-credential-changes.md). */
  current_password: z.string().max(200).default(''),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const PasswordChangeSchema = z
  .object({
    password: z.string().min(1, MESSAGES.currentPasswordRequired).max(200),
    new_password: z.string().min(8, MESSAGES.passwordMin).max(200),
    confirm_password: z.string().max(200).meta({ description: 'Deve coincidere con new_password (altrimenti 422 sul campo confirm_password).' }),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: MESSAGES.passwordMismatch, path: ['confirm_password'] })
  // Changing a password to itself changes nothing, yet would end every other login: refused, in the form and on the server.
  .refine((v) => v.password === '' || v.new_password !== v.password, { message: MESSAGES.passwordSame, path: ['new_password'] });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** The new key, in clear: shown once, never again (only its prefix is kept readable). */
export const ApiKeySchema = z.object({ apiKey: z.string(), prefix: z.string(), created_at: z.string() });
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** 'partner' is the partner-branded theme the spec mentions; 'dark' the dark one. */
export const THEMES = ['default', 'partner', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const PreferencesSchema = z.object({ theme: z.enum(THEMES) });
export type Preferences = z.infer<typeof PreferencesSchema>;

/**
 * The agent's landing page: a small public showcase (title, introduction, contacts) reachable at
 * /api/v1/landing/{code} when enabled (docs/adr/0141-marketing-posts-and-landing-page.md).
 */
export const LandingPageSchema = z
  .object({
    enabled: z.boolean().default(false),
    title: optionalText(120),
    intro: optionalText(2000),
    contact_email: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || isValidEmail(v), EMAIL_INVALID)
      .meta(OR_EMPTY(EMAIL_DOC))
      .default(''),
    contact_phone: optionalPhone,
  })
  .refine((v) => !v.enabled || v.title !== '', { message: MESSAGES.required, path: ['title'] });
export type LandingPage = z.input<typeof LandingPageSchema>;

export const PublicLandingSchema = z.object({
  code: z.string(),
  business_name: z.string(),
  title: z.string(),
  intro: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  logo: z.string().nullable(),
});

// ---- Team ----

export const FEE_TYPES = ['FIXED_VALUE', 'FLAT_PERCENTAGE', 'HIERARCHICAL_PERCENTAGE'] as const;
export type FeeType = (typeof FEE_TYPES)[number];
export const FEE_PERCENT_MAX = 100;
/** Not in the spec: an upper bound for the fixed fee (euro per contract) so typos are caught. */
export const FEE_FIXED_MAX = 10000;

const feeValue = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.replace(',', '.')) : v),
  z.number({ error: (i) => (i.input === undefined ? MESSAGES.required : MESSAGES.invalidValue) }).min(0, MESSAGES.feeRange),
);

/** The team member form: the server adds the rules that need the leader (fixed fee allowed, parent in the network). */
export const MemberInputSchema = z
  .object({
    business_name: requiredText(160),
    name: optionalText(120),
    title: optionalText(120),
    email: requiredEmail,
    phone: z
      .string()
      .trim()
      .min(1, MESSAGES.required)
      .max(40)
      .refine((v) => v === '' || isValidPhone(v), PHONE_INVALID)
      .meta(PHONE_DOC),
    fee_type: z.enum(FEE_TYPES, { error: MESSAGES.required }),
    fee_value: feeValue,
    /** null = 'nessuno': directly under the leader. */
    parent_id: rowId().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const max = v.fee_type === 'FIXED_VALUE' ? FEE_FIXED_MAX : FEE_PERCENT_MAX;
    if (v.fee_value > max)
      ctx.addIssue({ code: 'custom', path: ['fee_value'], message: v.fee_type === 'FIXED_VALUE' ? MESSAGES.feeFixedRange : MESSAGES.feeRange });
  });
export type MemberInput = z.input<typeof MemberInputSchema>;
export type MemberValues = z.output<typeof MemberInputSchema>;

export const MEMBER_STATUSES = ['ACTIVATED', 'SUSPENDED', 'PENDING_ACTIVATION'] as const;

export const TeamMemberSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  parent_id: z.number().int().nullable(),
  role: z.number().int(),
  roleName: z.string(),
  /** Depth below the leader: 1 for direct sub-agents; the panel indents by it. */
  level: z.number().int(),
  name: z.string(),
  business_name: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  logo: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  fee_type: z.enum(FEE_TYPES),
  fee_value: z.number(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

// ---- Marketing ----

export const MarketingItemSchema = z.object({
  id: z.number().int(),
  /** URL to show the image (public, unguessable). */
  image: z.string(),
  /** URL of the raw image download (authenticated). */
  image_binary: z.string(),
  image_name: z.string(),
  content_type: z.string(),
});

export const MarketingPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  mine: z.boolean(),
  /** The author, or a group leader for their network's posts, may delete it (docs/adr/0030). */
  can_delete: z.boolean(),
  items: z.array(MarketingItemSchema),
});
export type MarketingPost = z.infer<typeof MarketingPostSchema>;

export const MarketingPostInputSchema = z.object({
  title: requiredText(160),
  description: optionalText(4000),
});
export type MarketingPostInput = z.input<typeof MarketingPostInputSchema>;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
