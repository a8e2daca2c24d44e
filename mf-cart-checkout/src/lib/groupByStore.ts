// Cart lines grouped by store, in the order each store first appears (spec §2: lines and the order
// summary are grouped by store; §3: a store that matches none is 'Unknown Store').
// Contracts only: the cart's first screen (cartFirstScreen.ts) groups with this too, before the shared libraries load.
import { UNKNOWN_STORE_NAME, type CartItem } from '@grocer/shared/contracts';

export interface StoreGroup {
  /** Store uuid. */
  storeUuid: string;
  storeName: string;
  /** For the store's page; absent when the store is unknown. */
  storePublicId?: string;
  items: CartItem[];
  /** Price × quantity over the group, in cents. */
  subtotalCents: number;
}

export const storeUuidOf = (item: CartItem): string => item.store?.uuid ?? item.storeUuid;

export function groupByStore(items: readonly CartItem[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const item of items) {
    const storeUuid = storeUuidOf(item);
    let group = groups.get(storeUuid);
    if (!group) {
      group = {
        storeUuid,
        storeName: item.store?.name || UNKNOWN_STORE_NAME,
        storePublicId: item.store?.publicId,
        items: [],
        subtotalCents: 0,
      };
      groups.set(storeUuid, group);
    }
    group.items.push(item);
    group.subtotalCents += item.price_cents * item.quantity;
  }
  return [...groups.values()];
}

/** The distinct store uuids of a cart, sorted (a stable request body and cache key). */
export function storeUuidsOf(items: readonly CartItem[]): string[] {
  return [...new Set(items.map(storeUuidOf))].sort();
}
