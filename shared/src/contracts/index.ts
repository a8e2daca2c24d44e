// The contract types every app codes against.
export * from './entities.ts';
export * from './remotes.ts';
export * from './navigation.ts';
export * from './routes.ts';
export * from './ops.ts';
export * from './apiPaths.ts';
export * from './vitals.ts';
export * from './dataBlocks.ts';
export * from './firstScreen.ts';
