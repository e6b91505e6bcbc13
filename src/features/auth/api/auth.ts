import type { z } from 'zod';
import type { Activate, Login, ResetPassword, Session } from '@core/schemas/auth';
import type { MessageSchema } from '@core/schemas/common';
import { api, type Data } from '../../../api/client';

// Auth calls of the public screens (spec §2 routes; paths in docs/adr/0104-api-routes-private-by-default.md).
export const login = async (body: Login) => (await api<Data<Session>>('login', { method: 'POST', body })).data;

export const checkActivation = async (token: string) => (await api<Data<{ email: string }>>(`account/activate/${encodeURIComponent(token)}`)).data;

export const activate = async (body: Activate) => (await api<Data<Session>>('account/activate', { method: 'POST', body })).data;

export const forgotPassword = async (email: string) =>
  (await api<z.infer<typeof MessageSchema>>('account/password/forgot', { method: 'POST', body: { email } })).data.message;

export const resetPassword = async (body: ResetPassword) =>
  (await api<z.infer<typeof MessageSchema>>('account/password/reset', { method: 'POST', body })).data.message;

export const ssoLogin = async (token: string) => (await api<Data<Session>>('sso', { method: 'POST', body: { token } })).data;

export const acceptTerms = async () => api<z.infer<typeof MessageSchema>>('agent/terms', { method: 'POST', body: { terms: true } });
