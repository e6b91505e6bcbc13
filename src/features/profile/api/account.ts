import { queryOptions } from '@tanstack/react-query';
import { type ApiKey, ApiKeySchema, type LandingPage, LandingPageSchema, type PasswordChange, type Preferences, type ProfileUpdate } from '@core/schemas/account';
import { type Profile, ProfileSchema } from '@core/schemas/auth';
import { dataOf, MessageSchema } from '@core/schemas/common';
import { api } from '../../../api/client';
import { queryClient, queryKeys } from '../../../api/query-client';

// Calls of the profile area (account spec §7). Answers that carry the profile refresh its cache.
const withProfile = (profile: Profile) => {
  queryClient.setQueryData(queryKeys.profile, profile);
  return profile;
};

export const updateProfile = async (body: ProfileUpdate) => withProfile((await api('agent/profile', { method: 'PUT', body, schema: dataOf(ProfileSchema) })).data);

export const changePassword = async (body: PasswordChange) => (await api('password', { method: 'PATCH', body, schema: MessageSchema })).data.message;

export const createApiKey = async (): Promise<ApiKey> => {
  const key = (await api('agent/service/api', { method: 'POST', schema: dataOf(ApiKeySchema) })).data;
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  return key;
};

/** Issue 20: switches the active key off without making another. */
export const revokeApiKey = async (): Promise<string> => {
  const res = (await api('agent/service/api', { method: 'DELETE', schema: MessageSchema })).data.message;
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  return res;
};

export const savePreferences = async (body: Preferences) => withProfile((await api('agent/preferences', { method: 'PUT', body, schema: dataOf(ProfileSchema) })).data);

export const uploadLogo = async (file: File) => {
  const body = new FormData();
  body.append('logo', file);
  return withProfile((await api('agent/logo', { method: 'POST', body, schema: dataOf(ProfileSchema) })).data);
};

export const landingQuery = queryOptions({
  queryKey: ['profile', 'landing'] as const,
  queryFn: async () => (await api('agent/landing', { schema: dataOf(LandingPageSchema) })).data,
});

export const saveLanding = async (body: LandingPage) => {
  const saved = (await api('agent/landing', { method: 'PUT', body, schema: dataOf(LandingPageSchema) })).data;
  queryClient.setQueryData(landingQuery.queryKey, saved);
  return saved;
};
