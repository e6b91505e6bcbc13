import type { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import type { ApiKey, ApiKeySchema, LandingPage, LandingPageSchema, PasswordChange, Preferences, ProfileUpdate } from '@core/schemas/account';
import type { Profile, ProfileSchema } from '@core/schemas/auth';
import type { MessageSchema } from '@core/schemas/common';
import { api, type Data } from '../../../api/client';
import { queryClient, queryKeys } from '../../../api/query-client';

// Calls of the profile area (account spec §7). Answers that carry the profile refresh its cache.
const withProfile = (profile: Profile) => {
  queryClient.setQueryData(queryKeys.profile, profile);
  return profile;
};

export const updateProfile = async (body: ProfileUpdate, key?: string) =>
  withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/profile', { method: 'PUT', body, idempotencyKey: key })).data);

export const changePassword = async (body: PasswordChange, key?: string) =>
  (await api<z.infer<typeof MessageSchema>>('password', { method: 'PATCH', body, idempotencyKey: key })).data.message;

export const createApiKey = async (intent?: string): Promise<ApiKey> => {
  const key = (await api<Data<z.infer<typeof ApiKeySchema>>>('agent/service/api', { method: 'POST', idempotencyKey: intent })).data;
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  return key;
};

/** Switches the active key off without making another (docs/adr/0106-personal-api-keys.md). */
export const revokeApiKey = async (key?: string): Promise<string> => {
  const res = (await api<z.infer<typeof MessageSchema>>('agent/service/api', { method: 'DELETE', idempotencyKey: key })).data.message;
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  return res;
};

export const savePreferences = async (body: Preferences, key?: string) =>
  withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/preferences', { method: 'PUT', body, idempotencyKey: key })).data);

export const uploadLogo = async (file: File, key?: string) => {
  const body = new FormData();
  body.append('logo', file);
  return withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/logo', { method: 'POST', body, idempotencyKey: key })).data);
};

/** Removes the logo: the portal's own logo shows again (account spec §2 "theme and logo"). */
export const removeLogo = async (key?: string) =>
  withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/logo', { method: 'DELETE', idempotencyKey: key })).data);

export const landingQuery = queryOptions({
  queryKey: ['profile', 'landing'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof LandingPageSchema>>>('agent/landing')).data,
});

export const saveLanding = async (body: LandingPage, key?: string) => {
  const saved = (await api<Data<z.infer<typeof LandingPageSchema>>>('agent/landing', { method: 'PUT', body, idempotencyKey: key })).data;
  queryClient.setQueryData(landingQuery.queryKey, saved);
  return saved;
};
