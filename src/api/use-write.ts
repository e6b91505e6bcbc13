import { useCallback, useRef, useState, useSyncExternalStore } from 'react';

/**
 * The one submit path of every write the app makes (design.md, "Writes": one intent, one record;
 * docs/adr/0030-one-intent-one-write.md). An intent's Idempotency-Key is made at its first submit and
 * kept until the write is answered with success (or stored in the outbox to be delivered), so a double
 * tap, a retry after no answer and a resubmit after an error all reach the server as the same write;
 * the next submit after a success is a new intent with a new key.
 *
 * A second submit while the first is on its way is not sent at all: it gets the first one's promise. The
 * guard is a ref set before the first await, not a `disabled` that only holds after the next render.
 * Its result has the shape of TanStack Query's mutation (`mutate`, `isPending`, `error`...), which the
 * forms used before; the mutation itself is not used, as its `mutate` starts a second call for a second tap.
 */
export type WriteOptions<V, R> = {
  /** Sends the write with the intent's key (`idempotencyKey` of src/api/client.ts, or the outbox's clientId). */
  mutationFn: (variables: V, key: string) => Promise<R>;
  // The options below come after mutationFn where a call site writes them: their parameters take its types.
  onSuccess?: (data: R, variables: V) => unknown;
  onError?: (error: Error, variables: NoInfer<V>) => unknown;
  /**
   * Whether a submit is still the intent of the one before it (default: always, until it succeeds: a form
   * corrected after an error is the same intent). An upload's intent is its file: another file, another key.
   */
  sameIntent?: (previous: NoInfer<V>, next: NoInfer<V>) => boolean;
  /** A name shared by writes a screen waits for together (useWritesPending), e.g. its uploads. */
  group?: string;
};

const pendingByGroup = new Map<string, number>();
const groupListeners = new Set<() => void>();
function countPending(group: string, by: 1 | -1) {
  pendingByGroup.set(group, (pendingByGroup.get(group) ?? 0) + by);
  groupListeners.forEach((l) => l());
}
const subscribeGroups = (listener: () => void) => {
  groupListeners.add(listener);
  return () => void groupListeners.delete(listener);
};

/** True while any write of the group is on its way. */
export const useWritesPending = (group: string) => useSyncExternalStore(subscribeGroups, () => (pendingByGroup.get(group) ?? 0) > 0);

type State<R> = { status: 'idle' | 'pending' | 'success' | 'error'; data: R | undefined; error: Error | null };

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** A new intent's key: a random UUID (the server takes `[\w-]{8,128}`). */
export const newIntentKey = (): string => crypto.randomUUID();

export function useWrite<V, R>(options: WriteOptions<V, R>) {
  const [state, setState] = useState<State<R>>({ status: 'idle', data: undefined, error: null });
  const key = useRef<string | null>(null);
  const last = useRef<{ variables: V } | null>(null);
  const running = useRef<Promise<R> | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const mutateAsync = useCallback((variables: V): Promise<R> => {
    if (running.current) return running.current;
    const { sameIntent, group } = latest.current;
    if (last.current && sameIntent && !sameIntent(last.current.variables, variables)) key.current = null;
    last.current = { variables };
    const intent = (key.current ??= newIntentKey());
    setState((s) => ({ status: 'pending', data: s.data, error: null }));
    if (group) countPending(group, 1);
    const run = (async () => {
      try {
        const data = await latest.current.mutationFn(variables, intent);
        // Answered: this intent is done, the next submit is another one.
        key.current = null;
        running.current = null;
        setState({ status: 'success', data, error: null });
        await latest.current.onSuccess?.(data, variables);
        return data;
      } catch (thrown) {
        running.current = null;
        const error = asError(thrown);
        setState((s) => (s.status === 'success' ? s : { status: 'error', data: undefined, error }));
        if (key.current === intent) await latest.current.onError?.(error, variables);
        throw error;
      } finally {
        if (group) countPending(group, -1);
      }
    })();
    running.current = run;
    return run;
  }, []);

  /** As mutateAsync, with the error kept in the state; `callbacks` run for the submit that sent the write, not for a repeat. */
  const mutate = useCallback(
    (variables: V, callbacks?: { onSuccess?: (data: R, variables: V) => unknown; onError?: (error: Error, variables: V) => unknown }) => {
      const sends = running.current === null;
      mutateAsync(variables).then(
        (data) => sends && callbacks?.onSuccess?.(data, variables),
        (error: unknown) => sends && callbacks?.onError?.(asError(error), variables),
      );
    },
    [mutateAsync],
  );
  /** Clears what is shown (an error, a success); the intent keeps its key until it succeeds. */
  const reset = useCallback(() => setState({ status: 'idle', data: undefined, error: null }), []);

  return {
    mutate,
    mutateAsync,
    reset,
    status: state.status,
    data: state.data,
    error: state.error,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
