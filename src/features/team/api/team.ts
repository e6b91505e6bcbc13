import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MemberValues, TeamMember, TeamMemberSchema } from '@core/schemas/account';
import { api, type Data } from '../../../api/client';
import { queryClient, queryKeys } from '../../../api/query-client';

// Team calls (account spec §7): GET agent/members, POST agent, PUT agent/{code}, PATCH agent/{id}/toggle.
export const membersQuery = queryOptions({
  queryKey: ['team', 'members'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof TeamMemberSchema>[]>>('agent/members')).data,
});

/**
 * Replaces the member in the list, or refetches when the tree changed (new member, new parent). The network
 * view and the agent filters (dashboard, quotations, customers) list the members too: they are refetched.
 */
const refresh = async (member: TeamMember, structural: boolean) => {
  void queryClient.invalidateQueries({ queryKey: ['network'] });
  void queryClient.invalidateQueries({ queryKey: ['agents'] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.quotationFilters });
  if (structural) await queryClient.invalidateQueries({ queryKey: membersQuery.queryKey });
  else queryClient.setQueryData(membersQuery.queryKey, (list: TeamMember[] | undefined) => list?.map((m) => (m.id === member.id ? member : m)));
  return member;
};

export const createMember = async (body: MemberValues, key?: string) =>
  refresh((await api<Data<z.infer<typeof TeamMemberSchema>>>('agent', { method: 'POST', body, idempotencyKey: key })).data, true);

export const updateMember = async (code: string, body: MemberValues, parentChanged: boolean, key?: string) =>
  refresh(
    (await api<Data<z.infer<typeof TeamMemberSchema>>>(`agent/${encodeURIComponent(code)}`, { method: 'PUT', body, idempotencyKey: key })).data,
    parentChanged,
  );

export const toggleMember = async (id: number, key?: string) =>
  refresh((await api<Data<z.infer<typeof TeamMemberSchema>>>(`agent/${id}/toggle`, { method: 'PATCH', idempotencyKey: key })).data, false);
