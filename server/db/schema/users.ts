import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const userStatus = ['ACTIVATED', 'SUSPENDED', 'PENDING_ACTIVATION'] as const;
export type UserStatus = (typeof userStatus)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    email: text('email').notNull().unique(), // stored lower-cased
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    businessName: text('business_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    title: text('title').notNull().default(''),
    contactInfo: text('contact_info').notNull().default(''),
    role: integer('role').notNull().default(0),
    roleName: text('role_name').notNull().default('Agente'),
    parentId: integer('parent_id'),
    status: text('status', { enum: userStatus }).notNull().default('PENDING_ACTIVATION'),
    groupType: text('group_type').notNull().default(''),
    groupName: text('group_name').notNull().default(''),
    groupCode: text('group_code').notNull().default(''),
    groupFeeType: text('group_fee_type').notNull().default('FLAT_PERCENTAGE'),
    feeType: text('fee_type').notNull().default('FLAT_PERCENTAGE'),
    feeValue: numeric('fee_value', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    logo: text('logo'),
    botUuid: text('bot_uuid'),
    preferences: jsonb('preferences')
      .$type<{ name: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_parent_idx').on(t.parentId), index('users_group_code_idx').on(t.groupCode)],
);

export const userFeatures = pgTable(
  'user_features',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    level: integer('level').notNull(),
    limit: integer('limit'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slug] })],
);

/** One login = one family; every refresh token of the family rotates within it. */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('token_families_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Activation, password reset and SSO tokens: stored hashed, single use, expiring. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose', { enum: ['activation', 'password_reset', 'sso'] }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Failed-attempt counters (login per address and per client IP, current-password checks per user):
 * one row per key, taken and given back by single statements (server/lib/throttle.ts), so parallel
 * requests cannot all read the same count before any of them is recorded.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Outgoing mail: sent through SMTP when configured, always recorded here (see server/lib/mailer.ts). */
export const mails = pgTable('mails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-wide settings shared by every process (e.g. the signing secret when none is configured). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A replayed write (same user and Idempotency-Key) gets the first answer back. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** SHA-256 of the request's JSON body (keys sorted): a key reused with another body is refused. Null for multipart. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
