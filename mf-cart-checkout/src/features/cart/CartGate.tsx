// Spec §4 "Cart checkout gate", in its order: signed out → sign-in prompt (Google button and the auth
// modal); allowed → Proceed to Checkout; then why not: no complete address, address flagged invalid,
// unverified email, or a generic notice.
import { Link } from 'react-router';
import { events, GoogleSignInButton, Notice, paths, type User } from '@grocer/shared';
import { cartGateState } from '../../lib/eligibility.ts';

export function CartGate({ user }: { user: User | null }) {
  const state = cartGateState(user);
  switch (state) {
    case 'signed-out':
      return (
        <div className="cart-gate cart-gate-sign-in">
          <h3>Sign in to check out</h3>
          <p>Your cart is kept on this device. Sign in to see delivery fees and your total, and to pay.</p>
          <GoogleSignInButton />
          <p className="cart-gate-or" aria-hidden="true">
            or
          </p>
          <button type="button" className="btn btn-outline btn-block" onClick={() => events.emit('auth:open-modal', { mode: 'signin' })}>
            Sign In
          </button>
        </div>
      );
    case 'allowed':
      return (
        <div className="cart-gate">
          <Link to={paths.checkout()} className="btn btn-primary btn-block">
            Proceed to Checkout
          </Link>
        </div>
      );
    case 'address-missing':
      return (
        <Notice kind="warning" className="cart-gate">
          <h3>Delivery Address Required</h3>
          <p>Add a delivery address to your account to see delivery fees and check out.</p>
          <Link to={paths.account()} className="btn btn-primary">
            Add Delivery Address
          </Link>
        </Notice>
      );
    case 'address-invalid':
      return (
        <Notice kind="warning" className="cart-gate">
          <h3>Address Validation Required</h3>
          <p>We could not validate your delivery address. Please check it in your account.</p>
          <Link to={paths.account()} className="btn btn-primary">
            Update Address
          </Link>
        </Notice>
      );
    case 'email-unverified':
      return (
        <Notice kind="warning" className="cart-gate">
          <h3>Email Verification Required</h3>
          <p>Please verify your email address ({user?.email}) before checking out.</p>
          <Link to={paths.account()} className="btn btn-primary">
            Verify Email
          </Link>
        </Notice>
      );
    default:
      return (
        <Notice kind="info" className="cart-gate">
          <h3>Unable to proceed</h3>
          <p>Checkout needs a complete, validated delivery address and a verified email.</p>
          <Link to={paths.account()} className="btn btn-outline">
            Check Account Settings
          </Link>
        </Notice>
      );
  }
}
