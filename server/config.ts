import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/**
 * The demo identity provider (npm run sso-token signs with it). Published, so a production server
 * (NODE_ENV=production) fails closed: single sign-on is off unless both are set to other values.
 */
export const DEMO_SSO = { issuer: 'demo-idp', secret: 'demo-sso-secret-change-me-please' } as const;

/** Where Capacitor serves the app inside the native shells (capacitor.config.ts: iosScheme, androidScheme). */
export const NATIVE_SHELL_ORIGINS = ['capacitor://localhost', 'https://localhost'] as const;

/** A login lasts at most 90 days from its sign-in unless SESSION_MAX_AGE says otherwise. */
export const DEFAULT_SESSION_MAX_AGE = 90 * 24 * 3600;

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
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 30),
  // Absolute lifetime of a login, however often its refresh token rotates (docs/adr/0100-access-and-refresh-tokens.md).
  SESSION_MAX_AGE: z.coerce.number().int().positive().default(DEFAULT_SESSION_MAX_AGE),
  SSO_ISSUER: z.string().optional(),
  SSO_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portale Noleggio <noreply@portale-noleggio.local>'),
  // Where emails go without SMTP_URL (one text file each; default DATA_DIR/mail): tests read links and codes there.
  MAIL_DIR: z.string().optional(),
  // Tests only, never with NODE_ENV=production: the server's clock may be moved forward per request by the
  // X-Test-Clock-Offset header (seconds), so a test sees a one-time code expire without waiting (server/lib/clock.ts).
  TEST_CLOCK: bool,
  // Web Push (docs/adr/0062): the VAPID key pair (base64url, as web-push generates it) and the contact the push
  // services see. Without the keys, a pair is made once and kept in the database, shared by every process.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  MAINTENANCE_MODE: bool,
  SEED_DEMO: z.enum(['auto', 'never']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z.string().default('supporto@portale-noleggio.local'),
  SUPPORT_PHONE: z.string().default('+39 02 0000 0000'),
  MARKETING_ENABLED: bool,
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().positive().default(30),
  IDEMPOTENCY_WAIT_SECONDS: z.coerce.number().min(0).default(10),
  SEARCH_ANSWER_CACHE_MB: z.coerce.number().min(0).default(32),
  // Which proxies may set X-Forwarded-For (the client address of the login throttle): 'false' (none:
  // the socket address, the default, so a client cannot forge its address), 'true' (any), a hop
  // count, or the proxies' addresses/CIDRs.
  TRUST_PROXY: z.string().default('false'),
  // The origins of the native shells (Capacitor: iOS capacitor://localhost, Android https://localhost),
  // the only pages on another origin that may call the API (CORS, docs/native.md). Comma-separated.
  NATIVE_ORIGINS: z.string().default(NATIVE_SHELL_ORIGINS.join(',')),
  // Where files live (docs/adr/0010-file-store.md): 'database' (the files table, which every process on
  // DATABASE_URL reaches; its default there) or 'folder' (FILE_DIR; the default without DATABASE_URL).
  FILE_STORE: z.enum(['database', 'folder']).optional(),
  // The folder store's folder (default DATA_DIR/uploads); for several hosts, a folder they all mount.
  FILE_DIR: z.string().optional(),
  // How long a SIGTERM may take: requests in flight and the PDF in hand finish within it, or the process exits anyway.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(25),
  // How often each process looks for PDF jobs left behind (a lease run out, a quotation with neither PDF nor job); 0: never.
  PDF_SWEEP_SECONDS: z.coerce.number().min(0).default(30),
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
  /** Seconds a login may last from its sign-in, whatever its refresh tokens do. */
  sessionMaxAge: number;
  /** enabled: false in production while the issuer or the secret is the demo's (the /sso route refuses). */
  sso: { issuer: string; secret: string; enabled: boolean };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The mail drop folder used without SMTP (server/lib/mailer.ts). */
  mailDir: string;
  /** Tests only: requests may move the clock forward (X-Test-Clock-Offset, server/lib/clock.ts). Never in production. */
  testClock: boolean;
  /** Web Push's VAPID keys (both or none: then made once and kept in the database) and subject (modules/push). */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  maintenance: boolean;
  seedDemo: 'auto' | 'never';
  logLevel: string;
  support: { email: string; phone: string };
  marketingEnabled: boolean;
  trustProxy: boolean | number | string;
  distDir: string;
  /** How long a write holds its Idempotency-Key before a retry may take it over (its process died). */
  idempotencyLeaseMs: number;
  /** How long a duplicate of a write still running waits for its answer before it gets 409 (docs/adr/0030). */
  idempotencyWaitMs: number;
  /** Memory for ready offer-search answers per process (0: none; server/lib/ready-answer.ts). */
  searchAnswerCacheMb: number;
  /** Cross-origin callers allowed (the native shells only): server/lib/native-cors.ts. */
  nativeOrigins: string[];
  /** The file store (server/lib/storage.ts): the database's files table, or a folder; `dir` is also where the database store finds files kept before it. */
  files: { store: 'database' | 'folder'; dir: string };
  /** Milliseconds a SIGTERM waits for requests in flight and the PDF in hand before the process exits anyway (server/main.ts). */
  shutdownTimeoutMs: number;
  /** How often the PDF worker sweeps for jobs left behind (modules/quotations/pdf-jobs.ts); 0: never. */
  pdfSweepMs: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = EnvSchema.parse(env);
  const port = e.PORT;
  const production = e.NODE_ENV === 'production';
  const sso = { issuer: e.SSO_ISSUER ?? DEMO_SSO.issuer, secret: e.SSO_SECRET ?? DEMO_SSO.secret };
  const databaseUrl = e.DATABASE_URL || undefined;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    authSecret: e.AUTH_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionMaxAge: e.SESSION_MAX_AGE,
    sso: { ...sso, enabled: !production || (sso.issuer !== DEMO_SSO.issuer && sso.secret !== DEMO_SSO.secret) },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: path.resolve(e.MAIL_DIR || path.join(e.DATA_DIR, 'mail')),
    testClock: e.TEST_CLOCK && !production,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY || undefined,
      privateKey: e.VAPID_PRIVATE_KEY || undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    },
    maintenance: e.MAINTENANCE_MODE,
    // Demo users share a published password: never created in production unless asked for.
    seedDemo: e.SEED_DEMO ?? (production ? 'never' : 'auto'),
    logLevel: e.LOG_LEVEL,
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    marketingEnabled: env.MARKETING_ENABLED === undefined ? true : e.MARKETING_ENABLED,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    distDir: path.resolve('dist'),
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_SECONDS * 1000,
    idempotencyWaitMs: e.IDEMPOTENCY_WAIT_SECONDS * 1000,
    searchAnswerCacheMb: e.SEARCH_ANSWER_CACHE_MB,
    nativeOrigins: e.NATIVE_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    files: { store: e.FILE_STORE ?? (databaseUrl ? 'database' : 'folder'), dir: path.resolve(e.FILE_DIR || path.join(e.DATA_DIR, 'uploads')) },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    pdfSweepMs: e.PDF_SWEEP_SECONDS * 1000,
    ...overrides,
  };
}
