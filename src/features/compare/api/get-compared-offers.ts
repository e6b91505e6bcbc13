import { useQueries } from '@tanstack/react-query';
import type { CompareItem } from '@core/compare';
import { offerQuery, type ShownOffer } from '../../../api/offer-detail';
import { ApiError } from '../../../api/client';

export type OfferState = { status: 'loading' } | { status: 'error'; reason: 'not-visible' | 'offline' | 'failed' } | { status: 'ok'; offer: ShownOffer };

/**
 * The compared offers, one `GET offers/{id}` each, read through the detail's own query (src/api/offer-detail.ts):
 * the cached and persisted answer, else offline the device's copy of the catalogue; online it is refreshed.
 * An offer the agent may not see answers 404 (the server's visibility rule) and is said so.
 */
export function useComparedOffers(items: readonly CompareItem[]): Map<string, OfferState> {
  const codes = [...new Set(items.map((i) => i.code))];
  const results = useQueries({ queries: codes.map((code) => offerQuery(code)) });
  return new Map(
    codes.map((code, i): [string, OfferState] => {
      const q = results[i]!;
      if (q.data) return [code, { status: 'ok', offer: q.data }];
      if (!q.error) return [code, { status: 'loading' }];
      const err = q.error;
      return [
        code,
        {
          status: 'error',
          reason: err instanceof ApiError && err.status === 404 ? 'not-visible' : err instanceof ApiError && err.isUnavailable ? 'offline' : 'failed',
        },
      ];
    }),
  );
}
