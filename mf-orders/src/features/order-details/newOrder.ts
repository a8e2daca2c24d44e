// An order just placed: checkout arrives with it in the location's state, and the page then says
// 'Successfully Placed' (its first screen leaves that one to the page). Contracts only: the first
// screen (orderDetailsFirstScreen.ts) reads it before the shared libraries load.
import type { OrderDetailsLocationState } from '@grocer/shared/contracts';

export function isNewOrder(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as OrderDetailsLocationState).newOrder === true;
}
