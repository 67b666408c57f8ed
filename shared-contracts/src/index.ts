export * from './enums';
export * from './listing-status';
export * from './moderation';
export * from './constants';
export * from './messages';
export * from './password';
// values of the zod schemas live in 'shared-contracts/schemas' (zod stays off the first page)
export type * from './schemas';
export * from './types';
export * from './format';
export * from './routes';
export * from './config';
export * from './remotes';
export * from './api-client';
export * from './remote-contract';
export * from './search-url';
export * from './ssr';
export * from './landing';
export * from './photos';
