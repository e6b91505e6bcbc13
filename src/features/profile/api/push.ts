import type { z } from 'zod';
import type { PushKeySchema, PushStateSchema } from '@core/schemas/push';
import { api, type Data } from '../../../api/client';

// The device's Web Push subscription (docs/adr/0062-web-push-for-customer-activity.md). Online only: a device
// offline receives no push anyway, and the toggle says when it failed.
type PushState = z.infer<typeof PushStateSchema>;

const base64urlToBytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for the permission, subscribes the worker with the server's key and sends the subscription. */
export async function enablePush(): Promise<PushState | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const key = (await api<Data<z.infer<typeof PushKeySchema>>>('push/key')).data.public_key;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlToBytes(key) }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return (await api<Data<PushState>>('push/subscriptions', { method: 'POST', body: { endpoint: json.endpoint, keys: json.keys } })).data;
}

/** Tells the server, then drops the browser's subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api<Data<PushState>>('push/subscriptions/remove', { method: 'POST', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
