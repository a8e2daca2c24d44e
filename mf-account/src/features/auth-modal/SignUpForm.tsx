// Sign-up mode: email, password and confirmation with the registration rules (spec §5); the server's
// code/message/field are passed on (a field error shows under its field). After registering the
// shopper is signed in (unverified) and sees the 'Account Created Successfully!' notice.
import { useState, type ChangeEvent } from 'react';
import {
  GoogleSignInButton,
  isAuthSuccess,
  normalizeEmail,
  Notice,
  PASSWORD_RULE_HINT,
  sessionUser,
  signedIn,
  useAppDispatch,
  validateSignUpForm,
} from '@grocer/shared';
import { FormField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAccountRegisterMutation } from '../../lib/accountApi.ts';
import { focusFirstInvalid, useValidatedForm } from '../../lib/useValidatedForm.ts';
import { REGISTRATION_FAILED, registrationError, type ServerError } from './authErrors.ts';
import { AuthNote } from './AuthNote.tsx';
import type { AuthViewProps } from './modes.ts';
import { SignUpSuccess } from './SignUpSuccess.tsx';

type Field = 'email' | 'password' | 'confirmPassword';
const FIELDS: readonly string[] = ['email', 'password', 'confirmPassword'] satisfies Field[];

export function SignUpForm({ titleId, onModeChange, onSignedIn, note, onDone }: AuthViewProps & { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [register, { isLoading }] = useAccountRegisterMutation();
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useValidatedForm({ email: '', password: '', confirmPassword: '' }, validateSignUpForm);

  if (registeredEmail) return <SignUpSuccess titleId={titleId} email={registeredEmail} onGotIt={onDone} />;

  const blamed = serverError?.field && FIELDS.includes(serverError.field) ? (serverError.field as Field) : null;

  const field = (name: Field) => {
    const props = form.field(name);
    return {
      ...props,
      error: props.error ?? (blamed === name ? serverError?.message : undefined),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setServerError(null);
        props.onChange(event);
      },
    };
  };

  const submit = async (values: Record<Field, string>, element: HTMLFormElement) => {
    setServerError(null);
    const email = normalizeEmail(values.email);
    try {
      // confirmPassword is checked here and never sent (spec §5).
      const response = await register({ email, password: values.password }).unwrap();
      if (!isAuthSuccess(response)) {
        setServerError({ code: 'REGISTRATION_FAILED', message: response.message || REGISTRATION_FAILED });
        return;
      }
      dispatch(signedIn(sessionUser(response)));
      setRegisteredEmail(response.user.email || email);
    } catch (error) {
      const failure = registrationError(error);
      setServerError(failure);
      if (failure.field) focusFirstInvalid(element, [failure.field]);
    }
  };

  return (
    <div className="auth-view">
      <h2 id={titleId}>Sign Up</h2>
      <AuthNote note={note} />
      <form className="form-stack" noValidate onSubmit={form.handleSubmit(submit)}>
        {serverError && !blamed && (
          <Notice kind="error">
            <span data-code={serverError.code}>{serverError.message}</span>
          </Notice>
        )}
        <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
        <FormField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_RULE_HINT} {...field('password')} />
        <FormField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <SubmitButton className="btn btn-primary btn-block" disabled={form.hasVisibleErrors || isLoading}>
          {isLoading ? 'Creating Account...' : 'Create Account'}
        </SubmitButton>
      </form>
      <p className="divider">or</p>
      <GoogleSignInButton onSignedIn={onSignedIn} />
      <p className="auth-switch">
        Already have an account?{' '}
        <button type="button" className="link-button" onClick={() => onModeChange('signin')}>
          Sign In
        </button>
      </p>
    </div>
  );
}
