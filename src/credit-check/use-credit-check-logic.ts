import { useQuery } from '@tanstack/react-query';
import type { LogicVariant } from '@core/prescoring';
import { logicQuery, usePrescoringBase } from './api';
import { useCreditCheck } from './use-credit-check';

/** The loaded question logic of the chosen category, shared by the form and its submit button. */
export function useCreditCheckLogic(variant: LogicVariant = 'quote') {
  const { contractualCategory } = useCreditCheck();
  const { base, error: configError } = usePrescoringBase();
  const query = useQuery(logicQuery(base, contractualCategory, variant));
  return { base, logic: query.data, loading: query.isLoading, error: query.error ?? (contractualCategory ? configError : null) };
}
