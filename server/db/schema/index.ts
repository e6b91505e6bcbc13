export * from './users';
export * from './account';
export * from './offers';
export * from './quotations';
export * from './catalog';
export * from './files';
