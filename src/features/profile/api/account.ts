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

export const updateProfile = async (body: ProfileUpdate) =>
  withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/profile', { method: 'PUT', body })).data);

export const changePassword = async (body: PasswordChange) => (await api<z.infer<typeof MessageSchema>>('password', { method: 'PATCH', body })).data.message;

export const createApiKey = async (): Promise<ApiKey> => {
  const key = (await api<Data<z.infer<typeof ApiKeySchema>>>('agent/service/api', { method: 'POST' })).data;
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  return key;
};

/** Switches the active key off without making another (docs/adr/0106-personal-api-keys.md). */
export const revokeApiKey = async (): Promise<string> => {
  const res = (await api<z.infer<typeof MessageSchema>>('agent/service/api', { method: 'DELETE' })).data.message;
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  return res;
};

export const savePreferences = async (body: Preferences) =>
  withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/preferences', { method: 'PUT', body })).data);

export const uploadLogo = async (file: File) => {
  const body = new FormData();
  body.append('logo', file);
  return withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/logo', { method: 'POST', body })).data);
};

/** Removes the logo: the portal's own logo shows again (account spec §2 "theme and logo"). */
export const removeLogo = async () => withProfile((await api<Data<z.infer<typeof ProfileSchema>>>('agent/logo', { method: 'DELETE' })).data);

export const landingQuery = queryOptions({
  queryKey: ['profile', 'landing'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof LandingPageSchema>>>('agent/landing')).data,
});

export const saveLanding = async (body: LandingPage) => {
  const saved = (await api<Data<z.infer<typeof LandingPageSchema>>>('agent/landing', { method: 'PUT', body })).data;
  queryClient.setQueryData(landingQuery.queryKey, saved);
  return saved;
};
