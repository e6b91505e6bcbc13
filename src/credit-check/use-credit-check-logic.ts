import { useQuery } from '@tanstack/react-query';
import type { LogicVariant } from '@core/prescoring/questions';
import { logicQuery, usePrescoringBase } from './api';
import { useCreditCheck } from './use-credit-check';

/** The loaded question logic of the chosen category, shared by the form and its submit button. */
export function useCreditCheckLogic(variant: LogicVariant = 'quote') {
  const { contractualCategory } = useCreditCheck();
  const { base, error: configError } = usePrescoringBase();
  const query = useQuery(logicQuery(base, contractualCategory, variant));
  // The first failed try is said at once, while the query keeps retrying in the background (docs/adr/0128-prescoring-envelope-and-device-rules.md:
  // the retries' back-off kept the user looking at a spinner for about 14 s).
  const failing = query.data === undefined && query.failureCount > 0;
  const error = query.error ?? (failing ? query.failureReason : null) ?? (contractualCategory ? configError : null);
  return {
    base,
    logic: query.data,
    loading: query.isLoading && !failing,
    error,
    retrying: failing && query.isFetching,
    retry: () => void query.refetch(),
  };
}
