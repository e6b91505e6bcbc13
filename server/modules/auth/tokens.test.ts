import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { TokenService } from './tokens';

// verifyAccess checks a token's signature once and its expiry on every use.
describe('TokenService.verifyAccess', () => {
  const tokens = new TokenService(null as unknown as Db, 'secret-0123456789-abcdefghijklmnopqrstuvwxyz', 60, 3600);
  afterEach(() => vi.useRealTimers());

  it('accepts its own token, every time, until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const token = await tokens.signAccess(7, 'family-1');
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, familyId: 'family-1' });
    vi.setSystemTime(new Date('2026-11-21T10:00:59Z'));
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, familyId: 'family-1' });
    vi.setSystemTime(new Date('2026-11-21T10:01:00Z'));
    expect(await tokens.verifyAccess(token)).toBe('expired');
  });

  it('refuses a token signed with another key or altered', async () => {
    const other = new TokenService(null as unknown as Db, 'another-secret-0123456789-abcdefghijklmnop', 60, 3600);
    const foreign = await other.signAccess(7, 'family-1');
    expect(await tokens.verifyAccess(foreign)).toBe('invalid');
    const own = await tokens.signAccess(7, 'family-1');
    expect(await tokens.verifyAccess(own)).not.toBe('invalid');
    const [head, body, signature] = own.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: '8', fam: 'family-1', exp: 4102444800 })).toString('base64url')}.${signature}`;
    expect(body).not.toBe(forged.split('.')[1]);
    expect(await tokens.verifyAccess(forged)).toBe('invalid');
  });
});
