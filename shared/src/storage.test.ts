import { readStoredJson, STORAGE_KEYS } from './storage.ts';

describe('STORAGE_KEYS', () => {
  it('uses the spec keys for the user and the cart', () => {
    expect(STORAGE_KEYS).toEqual({ user: 'user', cart: 'user-cart' });
  });
});

describe('readStoredJson', () => {
  afterEach(() => localStorage.clear());

  it('reads a stored value from localStorage, parsed', () => {
    localStorage.setItem(STORAGE_KEYS.cart, '[{"uuid":"p"}]');
    expect(readStoredJson(STORAGE_KEYS.cart)).toEqual([{ uuid: 'p' }]);
  });

  it('is null when the value is missing or unreadable, or the storage refuses to be reached', () => {
    expect(readStoredJson(STORAGE_KEYS.cart)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.cart, '[{');
    expect(readStoredJson(STORAGE_KEYS.cart)).toBeNull();
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(readStoredJson(STORAGE_KEYS.cart, refused)).toBeNull();
  });
});
