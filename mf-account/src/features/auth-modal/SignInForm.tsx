// Sign-in mode: email and password, checked on blur and on submit (spec §5); the server's answer or
// the §8 fallbacks; "Sign in with Google" below.
import { useState } from 'react';
import {
  GoogleSignInButton,
  isAuthSuccess,
  normalizeEmail,
  Notice,
  sessionUser,
  signedIn,
  useAppDispatch,
  validateSignInForm,
} from '@grocer/shared';
import { FormField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAccountLoginMutation } from '../../lib/accountApi.ts';
import { useValidatedForm } from '../../lib/useValidatedForm.ts';
import { SIGN_IN_FAILED, signInErrorMessage } from './authErrors.ts';
import { AuthNote } from './AuthNote.tsx';
import type { AuthViewProps } from './modes.ts';

export function SignInForm({ titleId, onModeChange, onSignedIn, note }: AuthViewProps) {
  const dispatch = useAppDispatch();
  const [login, { isLoading }] = useAccountLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useValidatedForm({ email: '', password: '' }, validateSignInForm);

  const submit = async (values: { email: string; password: string }) => {
    setFailure(null);
    try {
      const response = await login({ email: normalizeEmail(values.email), password: values.password }).unwrap();
      if (!isAuthSuccess(response)) {
        setFailure(response.message || SIGN_IN_FAILED);
        return;
      }
      const user = sessionUser(response);
      dispatch(signedIn(user));
      onSignedIn(user);
    } catch (error) {
      setFailure(signInErrorMessage(error));
    }
  };

  return (
    <div className="auth-view">
      <h2 id={titleId}>Sign In</h2>
      <AuthNote note={note} />
      <form className="form-stack" noValidate onSubmit={form.handleSubmit(submit)}>
        {failure && <Notice kind="error">{failure}</Notice>}
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <FormField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <div className="auth-row-end">
          <button type="button" className="link-button" onClick={() => onModeChange('reset')}>
            Forgot password?
          </button>
        </div>
        <SubmitButton className="btn btn-primary btn-block" disabled={form.hasVisibleErrors || isLoading}>
          {isLoading ? 'Signing In...' : 'Sign In'}
        </SubmitButton>
      </form>
      <p className="divider">or</p>
      <GoogleSignInButton onSignedIn={onSignedIn} />
      <p className="auth-switch">
        Don&apos;t have an account?{' '}
        <button type="button" className="link-button" onClick={() => onModeChange('signup')}>
          Sign Up
        </button>
      </p>
    </div>
  );
}
