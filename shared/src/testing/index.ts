// Test helpers; a separate entry point so they never ship in the shared singleton chunk.
export * from './renderWithProviders.tsx';
export * from './mockFetch.ts';
export * from './jwt.ts';
export * from './fixtures.ts';
export * from './fakeEventSource.ts';
export * from './pageHead.ts';
export * from './firstScreen.ts';
