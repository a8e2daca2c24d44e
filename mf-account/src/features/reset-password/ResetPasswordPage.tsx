// /reset-password?token= (spec §2, §4, §5): without a token 'Invalid Reset Link'; otherwise new and
// confirm password (idle → submitting → success); success redirects to / after 3 s and says so in a toast.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CONSTANTS,
  events,
  firstError,
  MIN_PASSWORD_LENGTH,
  Notice,
  paths,
  PASSWORD_RULE_HINT,
  showToast,
  useTimers,
  validateResetPasswordForm,
} from '@grocer/shared';
import { FormField } from '../../components/FormField.tsx';
import { PageCard } from '../../components/PageCard.tsx';
import { useAccountResetPasswordMutation } from '../../lib/accountApi.ts';
import { INVALID_LINK_MESSAGE, RESET_FAILED, RESET_SUCCESS_TOAST, resetErrorMessage } from './resetErrors.ts';
import { PageHead } from '@grocer/shared/head';

function ResetPasswordPageBody() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  if (!token) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} />;
}

function InvalidResetLink() {
  return (
    <PageCard>
      <h1>Invalid Reset Link</h1>
      <p role="alert">{INVALID_LINK_MESSAGE}</p>
      <div className="page-card-links">
        <button type="button" className="btn btn-primary" onClick={() => events.emit('auth:open-modal', { mode: 'reset' })}>
          Request a New Link
        </button>
        <Link className="btn btn-outline" to={paths.home()}>
          Back to Home
        </Link>
      </div>
    </PageCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useAccountResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string } | null>(null);
  const { schedule } = useTimers();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = firstError(validateResetPasswordForm({ token, password, confirmPassword }));
    if (problem) {
      setFailure(problem);
      return;
    }
    setFailure(null);
    try {
      const response = await resetPassword({ token, password }).unwrap();
      if (response.success === false) {
        setFailure(response.message || RESET_FAILED);
        return;
      }
      setDone({ message: response.message });
      schedule(() => {
        showToast('success', RESET_SUCCESS_TOAST);
        void navigate(paths.home());
      }, CONSTANTS.RESET_REDIRECT_MS);
    } catch (error) {
      setFailure(resetErrorMessage(error));
    }
  };

  if (done) {
    return (
      <PageCard>
        <h1>Password Reset Successful!</h1>
        <p role="status">{done.message || 'Your password has been updated.'}</p>
        <p>You will be taken to the home page in {CONSTANTS.RESET_REDIRECT_MS / 1000} seconds.</p>
        <div className="page-card-links">
          <Link to={paths.home()}>Go to the home page now</Link>
        </div>
      </PageCard>
    );
  }

  return (
    <PageCard>
      <h1>Reset Your Password</h1>
      <p>Choose a new password for your account.</p>
      {/* noValidate: the browser's own bubbles would pre-empt the spec's messages; required/minLength still describe the fields. */}
      <form className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Notice kind="error">{failure}</Notice>}
        <FormField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={PASSWORD_RULE_HINT}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={!password || !confirmPassword || isLoading}>
          {isLoading ? 'Resetting Password...' : 'Reset Password'}
        </button>
      </form>
    </PageCard>
  );
}

/** The page with its own head (React hoists it into <head>) whichever state the body is in. */
export default function ResetPasswordPage() {
  return (
    <>
      <PageHead title="Reset your password" noindex />
      <ResetPasswordPageBody />
    </>
  );
}
