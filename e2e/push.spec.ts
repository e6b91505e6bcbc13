// Web Push in the browser (docs/adr/0062-web-push-for-customer-activity.md): the profile's opt-in, and the
// installed worker turning a push into an Italian notification. The push is delivered to the real worker
// through the browser's DevTools protocol (no push service is reachable here; the server's sending is proven
// against a push endpoint on the loopback in server/modules/push/push.test.ts).
import { E2E } from './env';
import { expect, laidOut, screen, test, USERS } from './fixtures';

test.use({ serviceWorkers: 'allow' });

test('the profile offers the notifications; the worker shows a customer’s signature as a notification', async ({ page, context, loggedIn }) => {
  await context.grantPermissions(['notifications'], { origin: E2E.baseUrl });
  const cdp = await context.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
    for (const r of e.registrations) if (!r.isDeleted && r.scopeURL.startsWith(E2E.baseUrl)) registrations.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await loggedIn(USERS.full);
  await page.goto('/profile');
  const section = screen(page).getByTestId('push-toggle');
  await expect(section.getByRole('heading', { name: 'Notifiche su questo dispositivo' })).toBeVisible();
  await expect(section.getByLabel('Attiva le notifiche')).not.toBeChecked();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    await laidOut(page);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `test-results/shots/push-profile-${width}.png` });
  }

  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const payload = { kind: 'accepted', quotation: 42, title: 'Preventivo #00042', customer: 'Mario Rossi' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E.baseUrl, registrationId: registrations.at(-1)!, data: JSON.stringify(payload) });
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }))),
    )
    .toEqual([{ title: 'Mario Rossi ha firmato la proposta', body: 'Preventivo #00042: apri il preventivo per i dettagli', tag: 'quotation-42-accepted' }]);
});
