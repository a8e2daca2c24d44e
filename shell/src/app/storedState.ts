// What the shop keeps in the browser's storage, read by the entry before the shared libraries load
// (firstData.ts: whether a session is stored, and its token). It stays tiny because the entry of every
// page carries it: the key is typed by @grocer/shared STORAGE_KEYS (a type-only import costs no byte),
// so a renamed key is a compile error here.
import type { STORAGE_KEYS } from '@grocer/shared';

export const USER_STORAGE_KEY: (typeof STORAGE_KEYS)['user'] = 'user';

/** A stored value, parsed; null when missing, unreadable or refused (a privacy setting). */
export function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}
