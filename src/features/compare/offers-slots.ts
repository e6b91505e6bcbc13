import { lazy } from 'react';

// What the comparison puts on /offers, composed by App.tsx: the cards' toggle, in the first render, and the
// bar under the cards, drawn a task later (offers-page.tsx, Later), whose code loads then.
export { CompareToggle } from './components/compare-toggle';
export const CompareBar = lazy(() => import('./components/compare-bar').then((m) => ({ default: m.CompareBar })));
