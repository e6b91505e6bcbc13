import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile, ProfileSchema, PublicConfigSchema, Session } from '@core/schemas/auth';
import { api, type Data } from './client';
import { queryClient, queryKeys } from './query-client';
import { queryPersister } from '../offline/persister';
import { session } from './session';
import { forgetShareLinks } from './share-links';

export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: async () => (await api<Data<z.infer<typeof ProfileSchema>>>('agent/profile')).data,
});

export const useProfile = () => useQuery({ ...profileQuery, enabled: session.isActive() });

export const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: async () => (await api<Data<z.infer<typeof PublicConfigSchema>>>('config')).data,
  staleTime: 3600_000,
});

/** Stores a new session from login, activation or SSO and primes the profile cache. */
export function startSession(s: Session): Profile {
  session.set({ access: s.access_token, refresh: s.refresh_token });
  queryClient.setQueryData(queryKeys.profile, s.user);
  return s.user;
}

/** Ends the session locally: storage and every cached answer go (the outbox stays: see use-logout). */
export async function endSession() {
  session.clear();
  forgetShareLinks();
  queryClient.clear();
  await queryPersister.removeClient();
}
