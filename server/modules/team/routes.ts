import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MemberInputSchema, TeamMemberSchema } from '@core/schemas/account';
import { dataOf } from '@core/schemas/common';
import { ROLE_GROUP_LEADER } from '@core/features';
import { authOf } from '../../lib/auth';
import { atomic } from '../../lib/idempotency';
import { TeamService } from './service';

/** Team of sub-agents: group leaders (role 1) with feature network only (account spec §6). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = new TeamService(app.db, app.authService, app.tokens);
  const leaderOnly = { feature: 'network' as const, role: ROLE_GROUP_LEADER };

  app.get('/agent/members', { config: leaderOnly, schema: { response: { 200: dataOf(z.array(TeamMemberSchema)) } } }, async (req) => ({
    data: await team.members(authOf(req).user),
  }));

  app.post(
    '/agent',
    { config: { ...leaderOnly, ...atomic }, schema: { body: MemberInputSchema, response: { 200: dataOf(TeamMemberSchema) } } },
    async (req) => ({
      data: await team.create(authOf(req).user, req.body),
    }),
  );

  app.put(
    '/agent/:code',
    { config: leaderOnly, schema: { params: z.object({ code: z.string().max(40) }), body: MemberInputSchema, response: { 200: dataOf(TeamMemberSchema) } } },
    async (req) => ({ data: await team.update(authOf(req).user, req.params.code, req.body) }),
  );

  app.patch(
    '/agent/:id/toggle',
    {
      config: leaderOnly,
      schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), response: { 200: dataOf(TeamMemberSchema) } },
    },
    async (req) => ({ data: await team.toggle(authOf(req).user, req.params.id) }),
  );
};
