import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

// The environment is read once, here (conventions: "Environment read once, parsed with zod").
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(60 * 60 * 24 * 30),
  SSO_ISSUER: z.string().default('demo-idp'),
  SSO_SECRET: z.string().min(16).default('demo-sso-secret-change-me-please'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portale Noleggio <noreply@portale-noleggio.local>'),
  MAINTENANCE_MODE: bool,
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z.string().default('supporto@portale-noleggio.local'),
  SUPPORT_PHONE: z.string().default('+39 02 0000 0000'),
  MARKETING_ENABLED: bool,
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().positive().default(30),
  SEARCH_ANSWER_CACHE_MB: z.coerce.number().min(0).default(32),
  // Which proxies may set X-Forwarded-For (the client address of the login throttle): 'true' (any,
  // the default), 'false' (none: the socket address), a hop count, or the proxies' addresses/CIDRs.
  TRUST_PROXY: z.string().default('true'),
});

const trustProxyOf = (v: string): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v);

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  sso: { issuer: string; secret: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  maintenance: boolean;
  seedDemo: 'auto' | 'never';
  logLevel: string;
  support: { email: string; phone: string };
  marketingEnabled: boolean;
  trustProxy: boolean | number | string;
  distDir: string;
  /** How long a write holds its Idempotency-Key before a retry may take it over (its process died). */
  idempotencyLeaseMs: number;
  /** Memory for ready offer-search answers per process (0: none; server/lib/ready-answer.ts). */
  searchAnswerCacheMb: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = EnvSchema.parse(env);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    authSecret: e.AUTH_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sso: { issuer: e.SSO_ISSUER, secret: e.SSO_SECRET },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maintenance: e.MAINTENANCE_MODE,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    marketingEnabled: env.MARKETING_ENABLED === undefined ? true : e.MARKETING_ENABLED,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    distDir: path.resolve('dist'),
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_SECONDS * 1000,
    searchAnswerCacheMb: e.SEARCH_ANSWER_CACHE_MB,
    ...overrides,
  };
}
