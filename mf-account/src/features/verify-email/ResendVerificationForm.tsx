// The verify-email page's resend form (spec §2): an email input (pre-filled for a signed-in
// shopper), 'Resend Verification Email' ('Sending...' while busy); an empty email is refused with
// 'Please enter your email address'.
import { useRef, useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  normalizeEmail,
  Notice,
  type NoticeKind,
  selectUser,
  useAppSelector,
  useSessionResendVerificationMutation,
  validateResendEmail,
} from '@grocer/shared';
import { FormField } from '../../components/FormField.tsx';
import { RESEND_FAILED } from '../../lib/errors.ts';

/** (Grocer) Shown when the API answers without a message. */
export const RESEND_SENT = 'Verification email sent! Please check your inbox.';

export function ResendVerificationForm() {
  const signedInEmail = useAppSelector(selectUser)?.email ?? '';
  const [email, setEmail] = useState(signedInEmail);
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ kind: NoticeKind; message: string } | null>(null);
  const [resend, { isLoading }] = useSessionResendVerificationMutation();
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateResendEmail(email);
    setError(problem);
    setOutcome(null);
    if (problem) {
      input.current?.focus();
      return;
    }
    try {
      const response = await resend(normalizeEmail(email)).unwrap();
      if (response.success === false) setOutcome({ kind: 'error', message: response.message || RESEND_FAILED });
      else setOutcome({ kind: 'success', message: response.message || RESEND_SENT });
    } catch (failure) {
      setOutcome({ kind: 'error', message: apiErrorMessage(failure, RESEND_FAILED) });
    }
  };

  return (
    <form className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
      <h2>Need a new verification link?</h2>
      <FormField
        ref={input}
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Resend Verification Email'}
      </button>
      {outcome && <Notice kind={outcome.kind}>{outcome.message}</Notice>}
    </form>
  );
}
