import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { MESSAGES } from '@core/i18n-messages';
import type { MarketingPost } from '@core/schemas/account';
import type { Db } from '../../db/client';
import { marketingItems, marketingPosts } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { assertImagesWithinLimits, type ImageKind, sniffImage } from '../../lib/images';
import type { FileStore } from '../../lib/storage';
import { canEmbedImage, renderPdf } from '../../lib/pdf';
import { demoPicture } from '../../lib/png';

export const MARKETING_MAX_IMAGES = 5;
const DEMO_KEY = /^demo\/(\d{1,3})\.png$/;

type Item = typeof marketingItems.$inferSelect;
export type ImageFile = { data: Buffer; contentType: string; name: string };
/** The signed-in user as the marketing rules need them: a group leader (role 1) also acts for their network. */
type PostUser = { id: number; role: number };

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'materiale';

/** Keeps a safe display name for downloads (the stored file never uses it). */
const safeName = (name: string, ext: string) => {
  const base = name.replace(/\.[^.]*$/, '');
  return `${slug(base)}.${ext}`;
};

/**
 * Marketing material (account spec §2): platform posts (no owner) are seen by everyone
 * with the feature; a user's own posts and those of the agents above them (their network) too.
 */
export class MarketingService {
  private readonly demoCache = new Map<string, Buffer>();

  constructor(
    private readonly db: Db,
    private readonly uploads: FileStore,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The user and every agent above them (parent chain), whose posts the user sees. */
  private async ancestry(userId: number): Promise<number[]> {
    const res = (await this.db.execute(sql`
      WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT id, parent_id, 0 FROM users WHERE id = ${userId}
        UNION ALL
        SELECT u.id, u.parent_id, up.depth + 1 FROM users u JOIN up ON u.id = up.parent_id WHERE up.depth < 20
      ) SELECT id FROM up`)) as unknown as { rows: { id: number }[] };
    return res.rows.map((r) => Number(r.id));
  }

  private async visible(userId: number) {
    const owners = await this.ancestry(userId);
    return or(isNull(marketingPosts.ownerId), inArray(marketingPosts.ownerId, owners));
  }

  /** The agents below a group leader (their network); none for anyone else. */
  private async network(user: PostUser): Promise<Set<number>> {
    if (user.role !== 1) return new Set();
    const res = (await this.db.execute(sql`
      WITH RECURSIVE down(id, depth) AS (
        SELECT id, 0 FROM users WHERE parent_id = ${user.id}
        UNION ALL
        SELECT u.id, down.depth + 1 FROM users u JOIN down ON u.parent_id = down.id WHERE down.depth < 20
      ) SELECT id FROM down`)) as unknown as { rows: { id: number }[] };
    return new Set(res.rows.map((r) => Number(r.id)));
  }

  /** Who may delete a post: its author, or a group leader for their network's posts; platform posts, nobody here (docs/adr/0030). */
  private static deletable(ownerId: number | null, user: PostUser, network: Set<number>) {
    return ownerId !== null && (ownerId === user.id || network.has(ownerId));
  }

  private toPost(p: typeof marketingPosts.$inferSelect, items: Item[], userId: number, canDelete: boolean): MarketingPost {
    return {
      id: p.id,
      title: p.title,
      description: p.description,
      created_at: p.createdAt.toISOString(),
      mine: p.ownerId === userId,
      can_delete: canDelete,
      items: items.map((i) => ({
        id: i.id,
        image: `/api/v1/marketing/images/${i.publicId}`,
        image_binary: `/api/v1/marketing/items/${i.id}/image`,
        image_name: i.imageName,
        content_type: i.contentType,
      })),
    };
  }

  async list(user: PostUser): Promise<MarketingPost[]> {
    const userId = user.id;
    const posts = await this.db
      .select()
      .from(marketingPosts)
      .where(await this.visible(userId))
      .orderBy(desc(marketingPosts.createdAt), desc(marketingPosts.id));
    if (posts.length === 0) return [];
    const items = await this.db
      .select()
      .from(marketingItems)
      .where(
        inArray(
          marketingItems.postId,
          posts.map((p) => p.id),
        ),
      )
      .orderBy(asc(marketingItems.position), asc(marketingItems.id));
    const network = await this.network(user);
    return posts.map((p) =>
      this.toPost(
        p,
        items.filter((i) => i.postId === p.id),
        userId,
        MarketingService.deletable(p.ownerId, user, network),
      ),
    );
  }

  /**
   * DELETE marketing/posts/{id}: by its author, or by a group leader when the author is in their network
   * (a duplicate must not stay for good). A post the user cannot see is 404; one they see but may not delete, 403.
   */
  async remove(user: PostUser, id: number): Promise<void> {
    const [p] = await this.db.select().from(marketingPosts).where(eq(marketingPosts.id, id));
    if (!p) throw notFound();
    if (!MarketingService.deletable(p.ownerId, user, await this.network(user))) {
      const [seen] = await this.db
        .select({ id: marketingPosts.id })
        .from(marketingPosts)
        .where(and(eq(marketingPosts.id, id), await this.visible(user.id)));
      throw seen ? forbidden(MESSAGES.marketingNotYours) : notFound();
    }
    // Its items go with it (on delete cascade).
    await this.db.delete(marketingPosts).where(eq(marketingPosts.id, id));
  }

  private async post(userId: number, id: number) {
    const [p] = await this.db
      .select()
      .from(marketingPosts)
      .where(and(eq(marketingPosts.id, id), await this.visible(userId)));
    if (!p) throw notFound();
    const items = await this.db
      .select()
      .from(marketingItems)
      .where(eq(marketingItems.postId, id))
      .orderBy(asc(marketingItems.position), asc(marketingItems.id));
    return { post: p, items };
  }

  async create(userId: number, input: { title: string; description: string }, files: { filename: string; data: Buffer }[]): Promise<MarketingPost> {
    if (files.length === 0) throw invalid({ images: [MESSAGES.fileMissing] });
    const kinds = files.map((f) => sniffImage(f.data));
    if (kinds.some((k) => !k)) throw invalid({ images: [MESSAGES.imageOnly] });
    assertImagesWithinLimits('images', files);
    const stored: { key: string; kind: ImageKind; name: string; size: number }[] = [];
    for (const [i, f] of files.entries()) {
      const kind = kinds[i]!;
      stored.push({
        key: await this.uploads.save('marketing', f.data, kind),
        kind,
        name: safeName(f.filename || `immagine-${i + 1}`, kind.ext),
        size: f.data.length,
      });
    }
    const { post, items } = await this.db.transaction(async (tx) => {
      const [post] = await tx.insert(marketingPosts).values({ ownerId: userId, title: input.title, description: input.description }).returning();
      if (!post) throw new Error('post not inserted');
      const items = await tx
        .insert(marketingItems)
        .values(
          stored.map((s, position) => ({
            postId: post.id,
            position,
            storageKey: s.key,
            publicId: randomBytes(18).toString('base64url'),
            imageName: s.name,
            contentType: s.kind.contentType,
            size: s.size,
          })),
        )
        .returning();
      return { post, items };
    });
    return this.toPost(post, items, userId, true);
  }

  private async readItem(item: Item): Promise<ImageFile> {
    const demo = DEMO_KEY.exec(item.storageKey);
    let data: Buffer | null;
    if (demo) {
      data = this.demoCache.get(item.storageKey) ?? demoPicture(Number(demo[1]));
      this.demoCache.set(item.storageKey, data);
    } else data = await this.uploads.read(item.storageKey);
    if (!data) throw notFound();
    return { data, contentType: item.contentType, name: item.imageName };
  }

  /** For <img>: by the item's unguessable public id. */
  async publicImage(publicId: string): Promise<ImageFile> {
    const [item] = await this.db.select().from(marketingItems).where(eq(marketingItems.publicId, publicId));
    if (!item) throw notFound();
    return this.readItem(item);
  }

  async itemImage(userId: number, itemId: number): Promise<ImageFile> {
    const [item] = await this.db.select().from(marketingItems).where(eq(marketingItems.id, itemId));
    if (!item) throw notFound();
    await this.post(userId, item.postId); // visibility
    return this.readItem(item);
  }

  /** 'Scarica come allegato': the post's (first) image as an attachment named after the post. */
  async attachment(userId: number, postId: number): Promise<ImageFile> {
    const { post, items } = await this.post(userId, postId);
    const first = items[0];
    if (!first) throw notFound();
    const file = await this.readItem(first);
    return { ...file, name: `${slug(post.title)}.${first.imageName.split('.').pop() ?? 'png'}` };
  }

  /** 'Scarica PDF': title, description and the images (PNG and JPEG; pdfkit cannot embed GIF or WebP). */
  async pdf(userId: number, postId: number): Promise<{ data: Buffer; name: string }> {
    const { post, items } = await this.post(userId, postId);
    const files = await Promise.all(items.map((i) => this.readItem(i)));
    const data = await renderPdf({ title: post.title }, (doc) => {
      doc.fontSize(20).font('Helvetica-Bold').text(post.title);
      doc.moveDown(0.5);
      if (post.description) doc.fontSize(12).font('Helvetica').text(post.description);
      for (const f of files) {
        doc.moveDown();
        if (f.contentType === 'image/png' || f.contentType === 'image/jpeg') {
          // A stored image that cannot be embedded (corrupt, or over the limits from before they existed) is
          // left out with a note and logged, so the post's PDF still downloads.
          if (!canEmbedImage(f.data)) {
            this.log?.warn({ postId, image: f.name }, 'marketing image left out of the PDF: corrupt or too large');
            doc.fontSize(10).font('Helvetica-Oblique').text(`Immagine ${f.name} non disponibile.`);
            continue;
          }
          const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
          if (doc.y > doc.page.height - 300) doc.addPage();
          doc.image(f.data, { fit: [width, 360], align: 'center' });
        } else {
          doc.fontSize(10).font('Helvetica-Oblique').text(`Immagine ${f.name} disponibile come download separato.`);
        }
      }
    });
    return { data, name: `${slug(post.title)}.pdf` };
  }
}
