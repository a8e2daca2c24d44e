import { STORAGE_KEYS } from './storage.ts';

describe('STORAGE_KEYS', () => {
  it('uses the spec keys for the user and the cart', () => {
    expect(STORAGE_KEYS).toEqual({ user: 'user', cart: 'user-cart' });
  });
});
