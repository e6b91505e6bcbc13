import { describe, expect, it } from 'vitest';
import { findUntranslated } from './language-check';

describe('findUntranslated', () => {
  it.each([
    ['Stato: approved', 'approved'],
    ['BACK TO OFFER', 'BACK TO OFFER'],
    ['Choose File No file chosen', 'Choose File'],
    ['Stato OPEN', 'OPEN'],
    ['in attesa: PENDING_ACTIVATION', 'PENDING_ACTIVATION'],
    ['Categoria city-car', 'city-car'],
    ['Alimentazione HEV-IB', 'HEV-IB'],
    ['Categoria contrattuale tempo-indeterminato', 'tempo-indeterminato'],
    ['Canone undefined', 'undefined'],
    ['Cancel', 'Cancel'],
  ])('%s: finds %s', (text, expected) => {
    expect(findUntranslated(text).map((p) => p.text)).toContain(expected);
  });

  it.each([
    'Torna all’offerta',
    'TORNA ALL’OFFERTA · AVANTI',
    'Stato: In corso, Vinto, Perso',
    'City car · Ibrida · SUV e crossover',
    'Email supporto@portale-noleggio.local · https://example.it/city-car.png',
    'Landing page · Dashboard · Provider · WhatsApp · Full hybrid (benzina)',
    'Nessun file selezionato',
    'Preventivo #00042 · AG0001',
  ])('%s reads as Italian', (text) => {
    expect(findUntranslated(text)).toEqual([]);
  });
});
