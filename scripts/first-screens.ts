// The first screens and the modules each loads before it renders (src/App.tsx): the JavaScript budgets of
// scripts/check-bundle.ts and the compile hints of the build (vite.config.ts, compileHints) follow this list.

/** The app (React's runtime, then the router, TanStack Query and the shell): every start but a first visit to /login loads it. */
const APP = ['src/react-runtime.ts', 'src/app-main.tsx'];
/** The entry: the login screen without the app (src/main.ts). */
export const ENTRY = 'src/main.ts';

/** Each first screen: the modules its route loads before it renders (App.tsx), its budget in KB (1 KB = 1000 bytes). */
export const FIRST_SCREENS: { screen: string; modules: string[]; budgetKb?: number }[] = [
  // A first visit: the entry alone (src/main.ts, the login screen without the app).
  { screen: '/login', modules: [], budgetKb: 80 },
  // The floating credit-check button is on screen with the offers (App.tsx, CreditCheckWidget); the
  // comparison's toggle and bar are composed into the page (App.tsx, OffersPage).
  {
    screen: '/offers',
    modules: [...APP, 'src/features/offers/offers-page.tsx', 'src/features/compare/offers-slots.ts', 'src/credit-check/credit-check-widget.tsx'],
    budgetKb: 400,
  },
  {
    screen: 'dettaglio offerta',
    modules: [...APP, 'src/features/offer-detail/offer-detail-page.tsx', 'src/credit-check/offer-panel.tsx', 'src/features/compare/detail-slots.ts'],
    budgetKb: 420,
  },
  { screen: 'preventivo, passo cliente', modules: [...APP, 'src/features/quotation/start-page.tsx'], budgetKb: 440 },
];

/**
 * What every signed-in start loads once its first screen is drawn, in the browser's next idle moment
 * (src/app-main.tsx): the outbox and the catalogue copy (Dexie). No budget (it is not on the way to the
 * screen), but compiled like the first screens (vite.config.ts, compileHints).
 */
export const EVERY_START = ['src/offline/index.ts'];

/** V8's compile hint (Chromium 136 and later), the build writes atop these modules' chunks (vite.config.ts, compileHints). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
