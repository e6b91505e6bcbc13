import type { Db } from '../client';
import { marketingItems, marketingPosts } from '../schema';

/** Platform posts for the marketing material screen; images are generated from their key (server/lib/png.ts), no files. */
const POSTS = [
  {
    title: 'Estate in libertà',
    description: 'Noleggio a lungo termine con anticipo zero: assicurazione, manutenzione e bollo inclusi in un unico canone mensile. Chiedi un preventivo!',
    images: [0],
  },
  {
    title: 'Auto elettrica, zero pensieri',
    description: 'Passa all’elettrico con il noleggio a lungo termine: ricarica, assistenza stradale e copertura completa. Scopri le offerte della settimana.',
    images: [1, 3],
  },
  {
    title: 'Flotte aziendali',
    description: 'Soluzioni su misura per professionisti e aziende: canoni deducibili, gestione semplificata e un unico referente per tutta la flotta.',
    images: [2],
  },
];

export async function seedMarketing(db: Db) {
  for (const [n, p] of POSTS.entries()) {
    const [post] = await db
      .insert(marketingPosts)
      .values({ title: p.title, description: p.description, createdAt: new Date(Date.UTC(2026, 0, 10 + n)) })
      .returning({ id: marketingPosts.id });
    if (!post) throw new Error('seed: marketing post not inserted');
    await db.insert(marketingItems).values(
      p.images.map((img, position) => ({
        postId: post.id,
        position,
        storageKey: `demo/${img}.png`,
        publicId: `demo-${img}-${post.id}-b7c1e9f04a2d`,
        imageName: `${p.title.toLowerCase().replace(/[^a-z]+/g, '-')}-${position + 1}.png`,
        contentType: 'image/png',
        size: 0,
      })),
    );
  }
}
