import { useSyncExternalStore } from 'react';
import { creditCheckStore, type CreditCheckState } from './store';

export type CreditCheck = CreditCheckState & Omit<typeof creditCheckStore, 'get' | 'subscribe'>;

const actions = (({ get: _get, subscribe: _subscribe, ...rest }) => rest)(creditCheckStore);

/**
 * The credit check in React: { contractualCategory, answers, step, response, sustainability, checkedAt }
 * plus setCategory, start, answer, setStep, setResponse, setSustainability, reset. Every component using it
 * re-renders when the check changes, in this tab or another, or expires.
 */
export function useCreditCheck(): CreditCheck {
  const state = useSyncExternalStore(creditCheckStore.subscribe, creditCheckStore.get, creditCheckStore.get);
  return { ...state, ...actions };
}
