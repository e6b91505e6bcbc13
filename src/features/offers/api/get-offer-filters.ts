import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import { FilterSetSchema } from '@core/schemas/offers';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET search/catalog/filters`: the filter column before the first search answers. */
export const getOfferFilters = async () => (await api('search/catalog/filters', { schema: dataOf(FilterSetSchema) })).data;

export const offerFiltersQuery = queryOptions({ queryKey: queryKeys.offerFilters, queryFn: getOfferFilters, staleTime: 5 * 60_000 });

export const useOfferFilters = () => useQuery(offerFiltersQuery);
