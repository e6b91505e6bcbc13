import { serverUrl } from '../../../api/origin';
import { streamToken } from './quotations';

type StreamOptions = {
  /** Follow mode (`follow=1`): the customer's activity events instead of the proposal's updates. */
  follow?: boolean;
  /** Handlers by event name; `close` ends the stream for good. */
  on: Record<string, (data: string, close: () => void) => void>;
  /** Called each time the stream opens; `reopened` after a drop, when what happened meanwhile may need reading. */
  onOpen?: (reopened: boolean) => void;
  /** Wait before trying again when no stream token could be had (offline, server down). */
  noTokenRetryMs?: number;
};

/**
 * GET proposals/sync/{id} (server-sent events). EventSource sends no headers, so each opening first gets
 * a 2-minute token for this proposal's stream with an authenticated call; a stream that ends or drops
 * (expired token, server restart, network) is opened again with a fresh token. Returns its stop.
 */
export function openProposalStream(id: number, { follow = false, on, onOpen, noTokenRetryMs = 10_000 }: StreamOptions): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let opened = 0;
  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
  const open = async () => {
    try {
      const token = await streamToken(id);
      if (stopped) return;
      source = new EventSource(serverUrl(`/api/v1/proposals/sync/${id}?token=${encodeURIComponent(token)}${follow ? '&follow=1' : ''}`));
      for (const [name, handle] of Object.entries(on)) source.addEventListener(name, (e) => handle((e as MessageEvent<string>).data, stop));
      source.onopen = () => onOpen?.(opened++ > 0);
      source.onerror = () => {
        source?.close();
        if (!stopped) retry = setTimeout(() => void open(), 5000);
      };
    } catch {
      if (!stopped) retry = setTimeout(() => void open(), noTokenRetryMs);
    }
  };
  void open();
  return stop;
}
