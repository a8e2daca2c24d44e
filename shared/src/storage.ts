// Browser storage keys (spec §3): the session user and the cart survive reloads under these names.
export const STORAGE_KEYS = {
  user: 'user',
  cart: 'user-cart',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** sessionStorage keys (this tab only). */
export const SESSION_STORAGE_KEYS = {
  /** Set by checkout when an order is placed, so the cart it just emptied does not send it back to /cart (spec §2 Checkout). */
  orderJustPlaced: 'order-just-placed',
} as const;

/**
 * A stored value, parsed; null when missing, unreadable or refused (a privacy setting can make even
 * reaching the storage throw, so it is reached inside: `storage` defaults to localStorage).
 */
export function readStoredJson(key: string, storage: () => Pick<Storage, 'getItem'> | undefined = () => globalThis.localStorage): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}
