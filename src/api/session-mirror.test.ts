// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { mirrorSession, readMirroredSession, saveWorkerRenewal, takeWorkerRenewal } from './session-mirror';

// The hand-over of a session between the page and the service worker (the e2e suite runs it in Chromium).
describe('session mirror', () => {
  it('keeps a worker renewal of the page token when the page mirrors its stale session at start, so the page takes it over', async () => {
    await mirrorSession({ access: 'a1', refresh: 'r1', userId: 7 });
    // The app was closed; the worker renewed r1 to r2 while sending the outbox.
    await saveWorkerRenewal({ access: 'a2', refresh: 'r2', userId: 7 }, 'r1');
    // The app opens again and mirrors what localStorage still holds before its first call.
    await mirrorSession({ access: 'a1', refresh: 'r1', userId: 7 });
    expect(await readMirroredSession()).toMatchObject({ refresh: 'r2', renewedBy: 'worker', replaced: 'r1' });
    expect(await takeWorkerRenewal('r1')).toEqual({ access: 'a2', refresh: 'r2' });
    // Once taken over, the page's mirror is the page's again.
    await mirrorSession({ access: 'a2', refresh: 'r2', userId: 7 });
    expect(await readMirroredSession()).toMatchObject({ refresh: 'r2', renewedBy: 'page' });
    expect(await takeWorkerRenewal('r2')).toBeNull();
  });

  it('writes over a worker renewal the page no longer needs, and clears on logout', async () => {
    await saveWorkerRenewal({ access: 'a2', refresh: 'r2', userId: 7 }, 'r1');
    // The page renewed on its own since (another refresh token): its session is the current one.
    await mirrorSession({ access: 'a9', refresh: 'r9', userId: 7 });
    expect(await readMirroredSession()).toMatchObject({ refresh: 'r9', renewedBy: 'page' });
    await mirrorSession(null);
    expect(await readMirroredSession()).toBeUndefined();
  });
});
