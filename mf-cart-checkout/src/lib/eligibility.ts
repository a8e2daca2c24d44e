// Who may check out (spec §4 "Checkout eligibility"): a complete address flagged valid, a verified
// email (or a Google sign-in), and the server's canCheckout. The cart gate and the checkout guard ask
// the same questions in the spec's two different orders.
import { isAddressComplete, isEmailVerified, type User } from '@grocer/shared';

/** Why a signed-in shopper cannot check out yet. */
export type CheckoutBlocker = 'address-missing' | 'address-invalid' | 'email-unverified' | 'not-allowed';

export type CartGateState = 'signed-out' | 'allowed' | CheckoutBlocker;

/** Spec §2 "Checkout guard (evaluated in order)"; null lets the checkout show. */
export function checkoutBlocker(user: User): CheckoutBlocker | null {
  if (!isAddressComplete(user.address)) return 'address-missing';
  if (user.hasInvalidAddress) return 'address-invalid';
  if (!isEmailVerified(user)) return 'email-unverified';
  if (user.canCheckout && user.hasValidAddress) return null;
  return 'not-allowed';
}

/** Spec §4 "Cart checkout gate", in its order: signed out, allowed, then the reasons. */
export function cartGateState(user: User | null): CartGateState {
  if (!user) return 'signed-out';
  const blocker = checkoutBlocker(user);
  return blocker ?? 'allowed';
}
