// The credit-check (prescoring) engine: question logic and rules as data, pure functions over them.
export * from './messages';
export * from './questions';
export * from './rules';
export * from './schemas';
