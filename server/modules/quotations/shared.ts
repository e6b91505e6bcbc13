// What the quotations module's parts share: payload and row types, codes, errors, the agent scope.
import { eq, or } from 'drizzle-orm';
import { PROPOSAL_ERRORS, type ProposalErrorCode } from '@core/quotation';
import type { ProposalSaveSchema, ProposalUpdateSchema, QuotePayloadSchema, ServiceChoicesSchema } from '@core/schemas/quotations';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type customers, type quotations, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { AppError, type FieldErrors } from '../../lib/errors';

export const PDF_CHANNEL = 'proposal_pdf';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const OFFER_GONE = 'L’offerta selezionata non è più disponibile';
/** Quotation codes are 8 digits: 10000000 + the proposal number, so a code never reads as a proposal id below 10 million. */
export const CODE_BASE = 10_000_000;

export type ProposalSave = z.output<typeof ProposalSaveSchema>;
export type ProposalUpdate = z.output<typeof ProposalUpdateSchema>;
export type QuotePayload = z.output<typeof QuotePayloadSchema>;
export type QuotationRow = typeof quotations.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
/** What the agent configured: options, services and the monthly rate they were shown (null: the configured one). */
export type Choice = { accessories: string[]; colors: string[]; services: z.output<typeof ServiceChoicesSchema>; monthlyRate?: number | null | undefined };

export const proposalError = (code: ProposalErrorCode, errors: FieldErrors) => new AppError(422, PROPOSAL_ERRORS[code], errors, code);

/** Zod issues as the envelope's field errors (first message per field is what forms show). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) (out[i.path.map(String).join('.') || '_'] ??= []).push(i.message);
  return out;
}

/** The agents whose customers and quotations the caller may see and change: self, plus the network for a group leader. */
export async function agentScope(db: Db, auth: AuthContext): Promise<number[]> {
  const u = auth.user;
  if (u.role !== 1 || !u.groupCode) return [u.id];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.groupCode, u.groupCode), eq(users.parentId, u.id)));
  return [...new Set([u.id, ...rows.map((r) => r.id)])];
}
