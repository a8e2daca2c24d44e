// Spec §2 "Checkout guard (evaluated in order)": what a shopper who cannot check out yet sees instead
// of the checkout, with every text and button the spec lists.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CONSTANTS, Notice, paths, useSessionResendVerificationMutation, useTimers, type User } from '@grocer/shared';
import type { CheckoutBlocker } from '../../lib/eligibility.ts';

/** Spec §8: a failed resend from the checkout guard is only logged. */
export const GUARD_RESEND_FAILED = 'Failed to resend verification email. Please try again.';

function GuardActions({ primary }: { primary?: { label: string; to: string } }) {
  const navigate = useNavigate();
  return (
    <div className="guard-actions">
      {primary && (
        <button type="button" className="btn btn-primary" onClick={() => navigate(primary.to)}>
          {primary.label}
        </button>
      )}
      <button type="button" className="btn btn-outline" onClick={() => navigate(paths.cart())}>
        Back to Cart
      </button>
    </div>
  );
}

function ResendVerification({ email }: { email: string }) {
  const [resend, { isLoading }] = useSessionResendVerificationMutation();
  const [sent, setSent] = useState(false);
  const { schedule } = useTimers();
  const onResend = async () => {
    const result = await resend(email);
    if ('error' in result) {
      console.error(GUARD_RESEND_FAILED, result.error);
      return;
    }
    setSent(true);
    schedule(() => setSent(false), CONSTANTS.VERIFICATION_SENT_MS);
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={onResend} disabled={isLoading}>
        {isLoading ? 'Sending Verification Email...' : 'Resend Verification Email'}
      </button>
      {sent && <Notice kind="success">Email sent!</Notice>}
    </>
  );
}

/** The panel every refusal is shown in, titled by its heading. */
function GuardCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="guard card summary-card" aria-labelledby="guard-heading">
      <h2 id="guard-heading">{title}</h2>
      {children}
    </section>
  );
}

export function CheckoutGuard({ blocker, user }: { blocker: CheckoutBlocker; user: User }) {
  switch (blocker) {
    case 'address-missing':
      return (
        <GuardCard title="Delivery Address Required">
          <p>Please add a complete delivery address (street, city, state and ZIP code) to your account before checking out.</p>
          <GuardActions primary={{ label: 'Add Delivery Address', to: paths.account() }} />
        </GuardCard>
      );
    case 'address-invalid':
      return (
        <GuardCard title="Address Validation Required">
          <p>We could not validate your delivery address. Please update it in your account settings.</p>
          <ul className="guard-list">
            <li>Check the spelling of the street, city and state</li>
            <li>Add your apartment or unit number</li>
            <li>Make sure the address exists and the ZIP code matches it</li>
          </ul>
          <GuardActions primary={{ label: 'Update Address', to: paths.account() }} />
        </GuardCard>
      );
    case 'email-unverified':
      return (
        <GuardCard title="Email Verification Required">
          <p>
            Please verify your email address <strong>{user.email}</strong> before checking out.
          </p>
          <ol className="guard-list">
            <li>Check your inbox for our verification email</li>
            <li>Click the verification link in the email</li>
            <li>Return here to complete your order</li>
          </ol>
          <div className="guard-actions">
            <ResendVerification email={user.email} />
          </div>
          <details className="guard-help">
            <summary>Didn&apos;t receive the email?</summary>
            <ul className="guard-list">
              <li>Check your spam or junk folder</li>
              <li>Make sure {user.email} is spelled correctly</li>
              <li>Add our sender address to your contacts</li>
              <li>Wait a few minutes and try again</li>
            </ul>
          </details>
          <GuardActions />
        </GuardCard>
      );
    default:
      return (
        <GuardCard title="Unable to Proceed to Checkout">
          <p>To check out you need a complete delivery address and a verified email address.</p>
          <p>You can still:</p>
          <ul className="guard-list">
            <li>Browse stores and products</li>
            <li>Add items to your cart</li>
            <li>Save products to your favorites</li>
          </ul>
          <GuardActions primary={{ label: 'Check Account Settings', to: paths.account() }} />
        </GuardCard>
      );
  }
}
