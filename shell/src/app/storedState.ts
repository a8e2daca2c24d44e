// What the shop keeps in the browser's storage, read by the entry before the shared libraries load
// (firstData.ts, firstScreen.ts): the keys are @grocer/shared STORAGE_KEYS' (storedState.test.ts
// holds them equal), and this file stays tiny because the entry of every page carries it.

export const CART_STORAGE_KEY = 'user-cart';
export const USER_STORAGE_KEY = 'user';

/** A stored value, parsed; null when missing, unreadable or refused (a privacy setting). */
export function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}
