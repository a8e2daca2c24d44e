// Spec §2/§4: signed-in email users whose address is not verified see a banner; it can be
// dismissed for the current page view, and its resend action shows 'Email sent!' for 3 s.
import { useState } from 'react';
import { useLocation } from 'react-router';
import {
  apiErrorMessage,
  CONSTANTS,
  selectUser,
  showToast,
  useAppSelector,
  useSessionResendVerificationMutation,
  useTimers,
} from '@grocer/shared';

export function VerificationBanner() {
  const user = useAppSelector(selectUser);
  const { pathname } = useLocation();
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [resend, { isLoading }] = useSessionResendVerificationMutation();
  const { schedule } = useTimers();

  const unverified = user !== null && user.authMethod !== 'google' && !user.emailVerified;
  // Dismissal lasts for this page view: a new path shows the banner again.
  if (!unverified || dismissedAt === pathname) return null;

  const onResend = async () => {
    const result = await resend(user.email);
    if ('error' in result) showToast('error', apiErrorMessage(result.error, 'Failed to resend verification email. Please try again.'));
    else {
      setSent(true);
      schedule(() => setSent(false), CONSTANTS.VERIFICATION_SENT_MS);
    }
  };

  return (
    <div className="verification-banner" role="region" aria-label="Email verification">
      {/* Phones show the short wordings (shell.css), so the banner stays one line beside its buttons. */}
      <p>
        <span className="banner-long">
          Please verify your email address <strong>{user.email}</strong> to check out.
        </span>
        <span className="banner-short">Verify your email.</span>
      </p>
      <button type="button" className="btn btn-outline" onClick={onResend} disabled={isLoading || sent}>
        {sent ? (
          'Email sent!'
        ) : isLoading ? (
          'Sending...'
        ) : (
          <>
            Resend<span className="banner-long"> verification</span> email
          </>
        )}
      </button>
      <button type="button" className="btn" aria-label="Dismiss verification reminder" onClick={() => setDismissedAt(pathname)}>
        ×
      </button>
    </div>
  );
}
