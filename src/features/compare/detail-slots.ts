// What the comparison puts on the offer detail, composed by App.tsx: 'Aggiungi al confronto'.
export { AddToCompare } from './components/add-to-compare';
