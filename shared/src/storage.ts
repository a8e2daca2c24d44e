// Browser storage keys (spec §3): the session user and the cart survive reloads under these names.
export const STORAGE_KEYS = {
  user: 'user',
  cart: 'user-cart',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
