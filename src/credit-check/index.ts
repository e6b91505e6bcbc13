/**
 * The credit check (prescoring) in the app: one module that the floating widget, the offers screen, the
 * offer detail and the quotation wizard all read. Not a feature folder: several features use it.
 *
 * State (kept in localStorage for one hour after the last change, spec §4):
 *   useCreditCheck()  → { contractualCategory, step, answers, response, sustainability, checkedAt,
 *                         setCategory(category, logic?), start(logic), answer(logic, key, value), setStep(step),
 *                         setResponse(response|null), setSustainability(levels), reset() }
 *   creditCheckStore  the same outside React: get(), subscribe(listener) and the actions
 *
 * Import the file you need (store, use-credit-check, texts, ...) rather than this index where a chunk matters:
 * the index also pulls in the single-offer panel, which App.tsx loads lazily with the offer detail.
 *
 * Offers screen: pass the state to core/credit-check-filters (creditCheckFilterParams, applyCreditCheckFilters,
 * needsResetConfirmation, sustainabilityToggle, ...); prompt texts are resetConfirmationText(kind).
 *
 * Components:
 *   <CreditCheckWidget />                      floating button, notification and modal (mounted once in App)
 *   <CreditCheckOfferPanel offerData onResult/> single-offer check with the affordability indicator
 *   <CreditCheckResult response />              the result alert, for screens that show a stored result
 */
export { creditCheckStore, CREDIT_CHECK_TTL_MS, EMPTY_CREDIT_CHECK, type CreditCheckState } from './store';
export { useCreditCheck, type CreditCheck } from './use-credit-check';
export { CreditCheckWidget, useOffersReloadAfterCheck } from './credit-check-widget';
export { CreditCheckOfferPanel, type CheckedAnswers, type CreditCheckOfferPanelProps } from './offer-panel';
export { CreditCheckResult, CreditCheckError } from './credit-check-result';

export { resetConfirmationText } from './texts';
