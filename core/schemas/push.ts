import { z } from './zod-config';

/**
 * Web Push (docs/adr/0062-web-push-for-customer-activity.md): the server's VAPID public key, and a device's
 * subscription as the browser's PushSubscription.toJSON() gives it.
 */
export const PushKeySchema = z.object({ public_key: z.string() });

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, { error: 'Chiave non valida' });

export const PushSubscriptionSchema = z.object({
  // Push services answer on https only; an internal address over plain http is never called through the API.
  endpoint: z.url({ protocol: /^https$/, error: 'Indirizzo di notifica non valido' }).max(2000),
  keys: z.object({ p256dh: base64url.min(80).max(100), auth: base64url.min(16).max(32) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

export const PushEndpointSchema = z.object({ endpoint: z.string().min(1).max(2000) });

/** Whether this device (its endpoint) and the agent's account receive notifications. */
export const PushStateSchema = z.object({ subscribed: z.boolean(), devices: z.number().int() });
