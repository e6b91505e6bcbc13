import { describe, expect, it } from 'vitest';
import { LoginSchema } from '../schemas/auth';
import { checkLogin, LOGIN_LIMITS } from './login';

describe('checkLogin', () => {
  const samples = [
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: 'a@b.it', password: '' },
    { email: '  agente@demo.it ', password: 'Demo2026!' },
    { email: 'not-an-email', password: ' ' },
    { email: 'x'.repeat(LOGIN_LIMITS.email), password: 'y'.repeat(LOGIN_LIMITS.password) },
  ];
  it.each(samples)('says what LoginSchema says for %j', (values) => {
    const zod = LoginSchema.safeParse(values);
    const errors: Record<string, string> = {};
    if (!zod.success) for (const issue of zod.error.issues) errors[String(issue.path[0])] ??= issue.message;
    const tiny = checkLogin(values);
    expect(tiny.errors).toEqual(errors);
    expect(tiny.data).toEqual(zod.success ? zod.data : null);
  });
});
