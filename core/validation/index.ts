export * from './cap';
export * from './codice-fiscale';
export * from './email';
export * from './messages';
export * from './partita-iva';
export * from './phone';
export * from './tessera-sanitaria';
