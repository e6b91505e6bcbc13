import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterSetSchema } from '@core/schemas/offers';
import { api, type Data } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET search/catalog/filters`: the filter column before the first search answers. */
export const getOfferFilters = async () => (await api<Data<z.infer<typeof FilterSetSchema>>>('search/catalog/filters')).data;

export const offerFiltersQuery = queryOptions({ queryKey: queryKeys.offerFilters, queryFn: getOfferFilters, staleTime: 5 * 60_000 });

export const useOfferFilters = () => useQuery(offerFiltersQuery);
