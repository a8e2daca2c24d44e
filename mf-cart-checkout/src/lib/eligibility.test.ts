import { cartGateState, checkoutBlocker } from './eligibility.ts';
import { makeShopper, makeUser } from '../testing/fixtures.ts';

describe('checkout eligibility', () => {
  it('lets a shopper with a complete valid address, a verified email and canCheckout through', () => {
    expect(checkoutBlocker(makeShopper())).toBeNull();
    expect(cartGateState(makeShopper())).toBe('allowed');
    // Google sign-ins count as verified.
    expect(checkoutBlocker(makeShopper({ authMethod: 'google', emailVerified: false }))).toBeNull();
  });

  it('evaluates the guard in the spec order: address, invalid flag, email, then allowed, else unable', () => {
    const everythingWrong = makeUser({ address: null, hasInvalidAddress: true, emailVerified: false, canCheckout: false });
    expect(checkoutBlocker(everythingWrong)).toBe('address-missing');
    expect(
      checkoutBlocker(makeShopper({ address: { streetName: '1 Main St', apartmentName: '', city: '', state: 'IL', zip: '62701' } })),
    ).toBe('address-missing');
    expect(checkoutBlocker(makeShopper({ hasInvalidAddress: true, hasValidAddress: false, emailVerified: false }))).toBe('address-invalid');
    expect(checkoutBlocker(makeShopper({ emailVerified: false, canCheckout: false }))).toBe('email-unverified');
    expect(checkoutBlocker(makeShopper({ canCheckout: false }))).toBe('not-allowed');
    expect(checkoutBlocker(makeShopper({ hasValidAddress: false }))).toBe('not-allowed');
  });

  it('gates the cart: signed out first, then allowed, then the reasons', () => {
    expect(cartGateState(null)).toBe('signed-out');
    expect(cartGateState(makeUser())).toBe('address-missing');
    expect(cartGateState(makeShopper({ hasInvalidAddress: true, hasValidAddress: false }))).toBe('address-invalid');
    expect(cartGateState(makeShopper({ emailVerified: false }))).toBe('email-unverified');
    expect(cartGateState(makeShopper({ canCheckout: false }))).toBe('not-allowed');
  });
});
