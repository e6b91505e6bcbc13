// What the comparison puts on other screens (issue 22), composed by App.tsx: the offer cards' toggle and the
// bar on /offers, the detail's 'Aggiungi al confronto'. Small: it loads with the offers screen.
export { AddToCompare } from './components/add-to-compare';
export { CompareBar } from './components/compare-bar';
export { CompareToggle } from './components/compare-toggle';
