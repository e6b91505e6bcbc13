import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { useWrite } from './use-write';

/** A write whose answers the test gives one by one. */
function controlledWrite() {
  const calls: { variables: string; key: string; answer: (v: string) => void; fail: (e: unknown) => void }[] = [];
  const mutationFn = vi.fn(
    (variables: string, key: string) =>
      new Promise<string>((answer, fail) => {
        calls.push({ variables, key, answer, fail });
      }),
  );
  return { calls, mutationFn };
}

describe('useWrite', () => {
  afterEach(cleanup);

  it('sends one write for two submits in the same moment, both given its answer', async () => {
    const { calls, mutationFn } = controlledWrite();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useWrite({ mutationFn, onSuccess }));
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync('a');
      second = result.current.mutateAsync('a');
      result.current.mutate('a');
    });
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(result.current.isPending).toBe(true);
    await act(async () => calls[0]!.answer('fatto'));
    await expect(first).resolves.toBe('fatto');
    await expect(second).resolves.toBe('fatto');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ isSuccess: true, data: 'fatto', isPending: false });
  });

  it('sends a retry after an error with the same key, so the server sees the same write', async () => {
    const { calls, mutationFn } = controlledWrite();
    const onError = vi.fn();
    const { result } = renderHook(() => useWrite({ mutationFn, onError }));
    act(() => result.current.mutate('prima'));
    const refused = new ApiError(422, 'Dati non validi', { name: ['Campo obbligatorio'] });
    await act(async () => calls[0]!.fail(refused));
    expect(result.current).toMatchObject({ isError: true, error: refused, isPending: false });
    expect(onError).toHaveBeenCalledWith(refused, 'prima');
    // The form corrected and sent again: another body, the same intent.
    act(() => result.current.mutate('corretta'));
    expect(calls[1]!.variables).toBe('corretta');
    expect(calls[1]!.key).toBe(calls[0]!.key);
    // No answer at all (offline, a time-out) is tried again the same way.
    await act(async () => calls[1]!.fail(new ApiError(0, 'Nessuna risposta')));
    act(() => result.current.mutate('corretta'));
    expect(calls[2]!.key).toBe(calls[0]!.key);
  });

  it('makes a new key for the next intent once a write has succeeded', async () => {
    const { calls, mutationFn } = controlledWrite();
    const { result } = renderHook(() => useWrite({ mutationFn }));
    act(() => result.current.mutate('uno'));
    await act(async () => calls[0]!.answer('1'));
    act(() => result.current.mutate('due'));
    expect(mutationFn).toHaveBeenCalledTimes(2);
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
    expect(calls[1]!.key).toMatch(/^[\w-]{8,128}$/);
  });

  it('keeps its key when what is shown is reset, and each form its own key', async () => {
    const a = controlledWrite();
    const b = controlledWrite();
    const { result } = renderHook(() => ({ a: useWrite({ mutationFn: a.mutationFn }), b: useWrite({ mutationFn: b.mutationFn }) }));
    act(() => {
      result.current.a.mutate('x');
      result.current.b.mutate('x');
    });
    expect(a.calls[0]!.key).not.toBe(b.calls[0]!.key);
    await act(async () => a.calls[0]!.fail(new ApiError(500, 'Errore')));
    act(() => result.current.a.reset());
    expect(result.current.a).toMatchObject({ isIdle: true, error: null });
    act(() => result.current.a.mutate('x'));
    expect(a.calls[1]!.key).toBe(a.calls[0]!.key);
  });
});
