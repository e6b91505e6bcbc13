import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** An agent's public landing page (docs/adr/0141-marketing-posts-and-landing-page.md: a small showcase with title, intro and contacts). */
export const landingPages = pgTable('landing_pages', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  title: text('title').notNull().default(''),
  intro: text('intro').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Marketing material: platform posts (owner null) and posts a group leader makes for the network. */
export const marketingPosts = pgTable(
  'marketing_posts',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_posts_owner_idx').on(t.ownerId)],
);

export const marketingItems = pgTable(
  'marketing_items',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => marketingPosts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Storage key: a generated name under DATA_DIR/uploads, or `demo/<n>.png` for generated demo images. */
    storageKey: text('storage_key').notNull().unique(),
    /** Unguessable public id used in the image URL (so <img> works without headers). */
    publicId: text('public_id').notNull().unique(),
    imageName: text('image_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [index('marketing_items_post_idx').on(t.postId)],
);

/**
 * Web Push subscriptions of an agent's devices (docs/adr/0062-web-push-for-customer-activity.md): one row per
 * browser endpoint, removed when the agent turns notifications off or the push service says it is gone.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
