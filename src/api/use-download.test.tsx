import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDownload } from './use-download';

describe('useDownload', () => {
  afterEach(cleanup);

  it('downloads once for two taps in the same moment, and again after it is done', async () => {
    let finish: () => void = () => undefined;
    const download = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useDownload(download));
    act(() => {
      result.current.mutate();
      result.current.mutate();
    });
    expect(download).toHaveBeenCalledTimes(1);
    expect(result.current.isPending).toBe(true);
    await act(async () => finish());
    expect(result.current.isPending).toBe(false);
    act(() => result.current.mutate());
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('keeps the error of a failed download until the next try', async () => {
    const failure = new Error('no');
    const download = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce(undefined);
    const { result } = renderHook(() => useDownload(download));
    await act(async () => result.current.mutate());
    expect(result.current).toMatchObject({ isError: true, error: failure, isPending: false });
    await act(async () => result.current.mutate());
    expect(result.current).toMatchObject({ isError: false, error: null });
  });
});
