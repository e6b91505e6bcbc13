import { z } from './zod-config';
import { MESSAGES } from '../i18n-messages';
import { LOGIN_LIMITS } from '../validation/login';

const required = (s: z.ZodString) => s.trim().min(1, MESSAGES.required);

export const LoginSchema = z.object({
  email: required(z.string()).max(LOGIN_LIMITS.email),
  password: z.string().min(1, MESSAGES.required).max(LOGIN_LIMITS.password),
});
export type Login = z.infer<typeof LoginSchema>;

const newPassword = z.string().min(8, MESSAGES.passwordMin).max(200);

const confirmed = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;
const mismatch = { message: MESSAGES.passwordMismatch, path: ['confirm_password'] };
/** The repeated password: the document says it must equal `password` (JSON Schema cannot compare two fields). */
const confirmation = () => z.string().max(200).meta({ description: 'Deve coincidere con password (altrimenti 422 sul campo confirm_password).' });

export const ActivateSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPassword,
    confirm_password: confirmation(),
    terms: z.literal(true, { error: MESSAGES.termsNotAccepted }),
  })
  .refine(confirmed, mismatch);
export type Activate = z.infer<typeof ActivateSchema>;

export const ForgotPasswordSchema = z.object({ email: z.email({ error: "L'indirizzo email indicato non è valido" }).max(254) });
export const ResetPasswordSchema = z
  .object({ token: z.string().min(1).max(200), password: newPassword, confirm_password: confirmation() })
  .refine(confirmed, mismatch);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const SsoLoginSchema = z.object({ token: z.string().min(1).max(4096) });
export const AcceptTermsSchema = z.object({ terms: z.literal(true, { error: MESSAGES.termsNotAccepted }) });

export const UserFeatureSchema = z.object({ slug: z.string(), enabled: z.number().int(), limit: z.number().int().nullable().optional() });

/** The spec's User / Profile (spec §3, account spec §3). */
export const ProfileSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  email: z.string(),
  name: z.string(),
  business_name: z.string(),
  phone: z.string(),
  title: z.string(),
  contact_info: z.string(),
  role: z.number().int(),
  roleName: z.string(),
  status: z.enum(['ACTIVATED', 'SUSPENDED', 'PENDING_ACTIVATION']),
  termsAccepted: z.boolean(),
  group_type: z.string(),
  group_name: z.string(),
  group_code: z.string(),
  group_fee_type: z.string(),
  main_agent_business_name: z.string().nullable(),
  created_at: z.string(),
  logo: z.string().nullable(),
  bot_uuid: z.string().nullable(),
  preferences: z.array(z.object({ name: z.string(), value: z.string() })),
  features: z.array(UserFeatureSchema),
  apiKey: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const SessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  user: ProfileSchema,
});
export type Session = z.infer<typeof SessionSchema>;

export const PublicConfigSchema = z.object({
  prescoringBaseUrl: z.string(),
  support: z.object({ email: z.string(), phone: z.string() }),
  marketingEnabled: z.boolean(),
  faqBotEnabled: z.boolean(),
  pdfDownloadableStep: z.number().int(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
