import type { z } from 'zod';
import type { NewWrite, SubmitResult } from './outbox';

/**
 * A write through the outbox (docs/architecture.md, "Data flow"), which is loaded with Dexie on the first
 * write: a screen that may write (the quotation wizard) does not evaluate IndexedDB's code before it
 * renders. The app starts the offline module when the browser is first idle (app-main.tsx), so by a
 * user's first submit it is normally loaded already.
 */
export function submitWrite(write: NewWrite): Promise<SubmitResult>;
export function submitWrite<T>(write: NewWrite, schema: z.ZodType<T>): Promise<SubmitResult<T>>;
export async function submitWrite<T>(write: NewWrite, schema?: z.ZodType<T>): Promise<SubmitResult<T> | SubmitResult> {
  const { outbox } = await import('./index');
  return schema ? outbox.submit(write, schema) : outbox.submit(write);
}
