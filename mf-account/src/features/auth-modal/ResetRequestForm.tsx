// Reset mode: asks the API to email a reset link (spec §2, §5). The button is disabled while the
// email has an error or is empty; success shows 'Reset Email Sent' (the API answers the same for
// unknown emails, so nothing here reveals whether an account exists).
import { useState } from 'react';
import { apiErrorMessage, focusOnMount, isBlank, normalizeEmail, Notice, validateResetRequestForm } from '@grocer/shared';
import { FormField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAccountForgotPasswordMutation } from '../../lib/accountApi.ts';
import { useValidatedForm } from '../../lib/useValidatedForm.ts';
import { RESET_REQUEST_FAILED } from './authErrors.ts';
import type { AuthViewProps } from './modes.ts';

export function ResetRequestForm({ titleId, onModeChange }: AuthViewProps) {
  const [requestReset, { isLoading }] = useAccountForgotPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const form = useValidatedForm({ email: '' }, validateResetRequestForm);

  const backToSignIn = (
    <button type="button" className="link-button" onClick={() => onModeChange('signin')}>
      Back to Sign In
    </button>
  );

  if (sent) {
    return (
      <div className="auth-view auth-success">
        <h2 id={titleId} tabIndex={-1} ref={focusOnMount}>
          Reset Email Sent
        </h2>
        <p>{sent.message || `If an account exists for ${sent.email}, we've sent a link to reset your password.`}</p>
        <p>Please check your inbox and follow the link to choose a new password.</p>
        <p className="auth-switch">{backToSignIn}</p>
      </div>
    );
  }

  const submit = async ({ email: typed }: { email: string }) => {
    setFailure(null);
    const email = normalizeEmail(typed);
    try {
      const response = await requestReset({ email }).unwrap();
      if (response.success === false) {
        setFailure(response.message || RESET_REQUEST_FAILED);
        return;
      }
      setSent({ email, message: response.message });
    } catch (error) {
      setFailure(apiErrorMessage(error, RESET_REQUEST_FAILED));
    }
  };

  return (
    <div className="auth-view">
      <h2 id={titleId}>Reset Password</h2>
      <p>Enter the email address of your account and we&apos;ll send you a link to reset your password.</p>
      <form className="form-stack" noValidate onSubmit={form.handleSubmit(submit)}>
        {failure && <Notice kind="error">{failure}</Notice>}
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <SubmitButton className="btn btn-primary btn-block" disabled={form.hasVisibleErrors || isBlank(form.values.email) || isLoading}>
          {isLoading ? 'Sending...' : 'Send Reset Link'}
        </SubmitButton>
      </form>
      <p className="auth-switch">{backToSignIn}</p>
    </div>
  );
}
