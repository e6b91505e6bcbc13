import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MarketingPostInput, MarketingPostSchema } from '@core/schemas/account';
import type { MessageSchema } from '@core/schemas/common';
import { api, apiBlob, saveBlob, type Data } from '../../../api/client';
import { queryClient } from '../../../api/query-client';

export const postsQuery = queryOptions({
  queryKey: ['marketing', 'posts'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof MarketingPostSchema>[]>>('marketing/posts')).data,
});

export const createPost = async (input: MarketingPostInput, files: File[], key?: string) => {
  const body = new FormData();
  body.append('title', input.title);
  body.append('description', input.description ?? '');
  for (const f of files) body.append('images', f);
  const post = (await api<Data<z.infer<typeof MarketingPostSchema>>>('marketing/posts', { method: 'POST', body, idempotencyKey: key })).data;
  await queryClient.invalidateQueries({ queryKey: postsQuery.queryKey });
  return post;
};

/** By its author, or a group leader for their network's posts (the list's `can_delete`). */
export const deletePost = async (id: number, key?: string) => {
  await api<z.infer<typeof MessageSchema>>(`marketing/posts/${id}`, { method: 'DELETE', idempotencyKey: key });
  queryClient.setQueryData(postsQuery.queryKey, (list: z.infer<typeof MarketingPostSchema>[] | undefined) => list?.filter((p) => p.id !== id));
  await queryClient.invalidateQueries({ queryKey: postsQuery.queryKey });
};

/** Downloads an authenticated file and saves it under the server's name (or the fallback). */
export async function download(path: string, fallback: string) {
  const { blob, filename } = await apiBlob(path.replace(/^\/api\/v1\//, ''));
  saveBlob(blob, filename ?? fallback);
}
