import { z } from 'zod';
import type { Activate, Login, ResetPassword } from '@core/schemas/auth';
import { dataOf, MessageSchema } from '@core/schemas/common';
import { api } from '../../../api/client';
import { sessionResponse } from '../../../api/profile';

// Auth calls of the public screens (spec §2 routes; paths in docs/decisions.md).
export const login = async (body: Login) => (await api('login', { method: 'POST', body, schema: sessionResponse })).data;

export const checkActivation = async (token: string) =>
  (await api(`account/activate/${encodeURIComponent(token)}`, { schema: dataOf(z.object({ email: z.string() })) })).data;

export const activate = async (body: Activate) => (await api('account/activate', { method: 'POST', body, schema: sessionResponse })).data;

export const forgotPassword = async (email: string) =>
  (await api('account/password/forgot', { method: 'POST', body: { email }, schema: MessageSchema })).data.message;

export const resetPassword = async (body: ResetPassword) =>
  (await api('account/password/reset', { method: 'POST', body, schema: MessageSchema })).data.message;

export const ssoLogin = async (token: string) => (await api('sso', { method: 'POST', body: { token }, schema: sessionResponse })).data;

export const acceptTerms = async () => api('agent/terms', { method: 'POST', body: { terms: true }, schema: MessageSchema });
