// The worker's side of Web Push (docs/adr/0062-web-push-for-customer-activity.md): a push from our server
// becomes a notification in Italian (core/push.ts), shown even when the app is closed; a tap opens the
// quotation, in a window of the app already open if there is one.
import { parsePushPayload, pushNotificationOf } from '../core/push';

type Registration = Pick<ServiceWorkerRegistration, 'showNotification'>;
type WindowLike = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type Clients = { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>; openWindow(url: string): Promise<unknown> };

/** The push's data as JSON, or null (empty, not JSON). */
function jsonOf(data: { json(): unknown } | null | undefined): unknown {
  try {
    return data?.json() ?? null;
  } catch {
    return null;
  }
}

/** Shows the notification for one push; a push that is not ours shows nothing. Answers what it showed. */
export async function showPush(registration: Registration, data: { json(): unknown } | null | undefined) {
  const payload = parsePushPayload(jsonOf(data));
  if (!payload) return null;
  const n = pushNotificationOf(payload);
  await registration.showNotification(n.title, { body: n.body, tag: n.tag, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: n.url } });
  return n;
}

/** A tap on the notification: the quotation, in the app's open window if any, else a new one. */
export async function openFromNotification(clients: Clients, data: unknown, origin: string) {
  const url = new URL((data as { url?: string } | null)?.url ?? '/', origin).href;
  const open = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).find((c) => new URL(c.url).origin === origin);
  if (open) {
    await open.focus();
    await open.navigate(url);
    return;
  }
  await clients.openWindow(url);
}
