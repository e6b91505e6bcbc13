import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile, ProfileSchema, PublicConfigSchema, Session } from '@core/schemas/auth';
import { api, type Data } from './client';
import { queryClient, queryKeys } from './query-client';
import { queryPersister } from '../offline/persister';
import { session } from './session';
import { mirrorSession } from './session-mirror';
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

/** The signed-in user's id, from the profile the app has (its persisted copy on a reopened app); null without one. */
export const currentUserId = () => (session.isActive() ? (queryClient.getQueryData<Profile>(queryKeys.profile)?.id ?? null) : null);

/**
 * Mirrors the page's session as it is now for the service worker (session-mirror.ts): its tokens with their
 * user, or none once logged out.
 */
export function mirrorPageSession() {
  const userId = currentUserId();
  const access = session.access();
  const refresh = session.refresh();
  void mirrorSession(userId !== null && access && refresh ? { access, refresh, userId } : null).catch(() => undefined);
}

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
