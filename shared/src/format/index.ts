// Money, dates and statuses as every screen words them. Pure functions with no runtime imports
// beyond the contracts, so a remote's first screen (contracts/firstScreen.ts), built before the
// shared libraries load, uses these very ones (`@grocer/shared/format`) instead of copies.
export * from './money.ts';
export * from './date.ts';
export * from './status.ts';
