// Spec §4 "Cart checkout gate", in its order: signed out → sign-in prompt (Google button and the auth
// modal); allowed → Proceed to Checkout; then why not: no complete address, address flagged invalid,
// unverified email, or a generic notice. While the server says payment would refuse the cart (a store
// under its minimum or out of reach, a line short of stock), Proceed is disabled and says why.
import { useId } from 'react';
import { Link } from 'react-router';
import { events, GoogleSignInButton, Notice, paths, type CartProblem, type User } from '@grocer/shared';
import { blockedReason } from '../../components/StoreRuleNotes.tsx';
import { cartGateState, type CheckoutBlocker } from '../../lib/eligibility.ts';

/** Why checkout is refused, as the spec words it; every reason is fixed on the account page. */
const BLOCKED: Record<CheckoutBlocker, { kind: 'warning' | 'info'; title: string; text: (user: User | null) => string; action: string }> = {
  'address-missing': {
    kind: 'warning',
    title: 'Delivery Address Required',
    text: () => 'Add a delivery address to your account to see delivery fees and check out.',
    action: 'Add Delivery Address',
  },
  'address-invalid': {
    kind: 'warning',
    title: 'Address Validation Required',
    text: () => 'We could not validate your delivery address. Please check it in your account.',
    action: 'Update Address',
  },
  'email-unverified': {
    kind: 'warning',
    title: 'Email Verification Required',
    text: (user) => `Please verify your email address (${user?.email}) before checking out.`,
    action: 'Verify Email',
  },
  'not-allowed': {
    kind: 'info',
    title: 'Unable to proceed',
    text: () => 'Checkout needs a complete, validated delivery address and a verified email.',
    action: 'Check Account Settings',
  },
};

export function CartGate({ user, problems = null }: { user: User | null; problems?: readonly CartProblem[] | null }) {
  const state = cartGateState(user);
  const reasonId = useId();
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
      if (problems && problems.length > 0) {
        return (
          <div className="cart-gate">
            <button type="button" className="btn btn-primary btn-block" disabled aria-describedby={reasonId}>
              Proceed to Checkout
            </button>
            <p id={reasonId} className="cart-gate-blocked">
              {blockedReason(problems)}
            </p>
          </div>
        );
      }
      return (
        <div className="cart-gate">
          <Link to={paths.checkout()} className="btn btn-primary btn-block">
            Proceed to Checkout
          </Link>
        </div>
      );
    default: {
      const { kind, title, text, action } = BLOCKED[state];
      return (
        <Notice kind={kind} className="cart-gate">
          <h3>{title}</h3>
          <p>{text(user)}</p>
          <Link to={paths.account()} className={kind === 'info' ? 'btn btn-outline' : 'btn btn-primary'}>
            {action}
          </Link>
        </Notice>
      );
    }
  }
}
