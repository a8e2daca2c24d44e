// The contract types every app codes against.
export * from './entities.ts';
export * from './remotes.ts';
export * from './navigation.ts';
export * from './apiPaths.ts';
