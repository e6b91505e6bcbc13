import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf } from '@core/schemas/common';
import { PushEndpointSchema, PushKeySchema, PushStateSchema, PushSubscriptionSchema } from '@core/schemas/push';
import { authOf } from '../../lib/auth';
import type { PushService } from './service';

/** The agent's notifications on their devices (docs/adr/0062-web-push-for-customer-activity.md), opted into from the profile. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get('/push/key', { schema: { response: { 200: dataOf(PushKeySchema) } } }, async () => ({ data: { public_key: push.publicKey } }));

  app.post(
    '/push/subscriptions',
    {
      config: { docs: { summary: 'Attiva le notifiche su questo dispositivo (la sottoscrizione Web Push del browser)' } },
      schema: { body: PushSubscriptionSchema, response: { 200: dataOf(PushStateSchema) } },
    },
    async (req) => ({ data: await push.subscribe(authOf(req).user.id, req.body) }),
  );

  app.post(
    '/push/subscriptions/remove',
    {
      config: { docs: { summary: 'Disattiva le notifiche su questo dispositivo' } },
      schema: { body: PushEndpointSchema, response: { 200: dataOf(PushStateSchema) } },
    },
    async (req) => ({ data: await push.unsubscribe(authOf(req).user.id, req.body.endpoint) }),
  );
};
