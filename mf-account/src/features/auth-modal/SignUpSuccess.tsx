// Spec §2: after sign-up, 'Account Created Successfully!' with the email and a resend link;
// 'Got it!' closes the modal and goes to /account.
import { useState } from 'react';
import { apiErrorMessage, CONSTANTS, focusOnMount, Notice, useSessionResendVerificationMutation, useTimers } from '@grocer/shared';
import { RESEND_FAILED } from '../../lib/errors.ts';

export function SignUpSuccess({ titleId, email, onGotIt }: { titleId: string; email: string; onGotIt: () => void }) {
  const [resend, { isLoading }] = useSessionResendVerificationMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { schedule } = useTimers();

  const onResend = async () => {
    setFailure(null);
    try {
      await resend(email).unwrap();
      setSent(true);
      schedule(() => setSent(false), CONSTANTS.VERIFICATION_SENT_MS);
    } catch (error) {
      setFailure(apiErrorMessage(error, RESEND_FAILED));
    }
  };

  return (
    <div className="auth-view auth-success">
      {/* Focused on arrival so a screen reader announces the outcome first. */}
      <h2 id={titleId} tabIndex={-1} ref={focusOnMount}>
        Account Created Successfully!
      </h2>
      <p>
        We&apos;ve sent a verification email to <strong>{email}</strong>. Please check your inbox and click the link to verify your email
        address.
      </p>
      <p>
        Didn&apos;t receive it?{' '}
        <button type="button" className="link-button" onClick={() => void onResend()} disabled={isLoading || sent}>
          {isLoading ? 'Sending...' : 'Resend verification email'}
        </button>
      </p>
      {sent && <Notice kind="success">Email sent!</Notice>}
      {failure && <Notice kind="error">{failure}</Notice>}
      <button type="button" className="btn btn-primary btn-block" onClick={onGotIt}>
        Got it!
      </button>
    </div>
  );
}
