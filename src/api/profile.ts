import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Profile, ProfileSchema, PublicConfigSchema, type Session, SessionSchema } from '@core/schemas/auth';
import { dataOf } from '@core/schemas/common';
import { api } from './client';
import { queryClient, queryKeys } from './query-client';
import { queryPersister } from '../offline/persister';
import { session } from './session';

export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: async () => (await api('agent/profile', { schema: dataOf(ProfileSchema) })).data,
});

export const useProfile = () => useQuery({ ...profileQuery, enabled: session.isActive() });

export const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: async () => (await api('config', { schema: dataOf(PublicConfigSchema) })).data,
  staleTime: 3600_000,
});

/** Stores a new session from login, activation or SSO and primes the profile cache. */
export function startSession(s: Session): Profile {
  session.set({ access: s.access_token, refresh: s.refresh_token });
  queryClient.setQueryData(queryKeys.profile, s.user);
  return s.user;
}

export const sessionResponse = dataOf(SessionSchema);

/** Ends the session locally: storage and every cached answer go (the outbox stays: see use-logout). */
export async function endSession() {
  session.clear();
  queryClient.clear();
  await queryPersister.removeClient();
}
