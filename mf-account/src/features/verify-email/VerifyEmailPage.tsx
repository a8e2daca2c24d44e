// /verify-email?token= (spec §2, §4): loading, then success or failure; a failure (or a link without
// a token) offers the resend form. Each token is sent once: the result is kept in the store under the
// token, so StrictMode's second effect run and a later remount read it instead of verifying again.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@grocer/shared';
import { PageCard } from '../../components/PageCard.tsx';
import { useAccountVerifyEmailMutation } from '../../lib/accountApi.ts';
import { ResendVerificationForm } from './ResendVerificationForm.tsx';
import { ALREADY_VERIFIED, isAlreadyVerified, NO_TOKEN, VERIFICATION_FAILED, verifyErrorMessage } from './verifyErrors.ts';
import { PageHead } from '@grocer/shared/head';

const VERIFIED_HEADING = 'Email Verified Successfully!';

/** Equal but for case and punctuation ('Email verified successfully.' repeats the heading). */
const sameWords = (a: string, b: string) => a.replace(/\W/g, '').toLowerCase() === b.replace(/\W/g, '').toLowerCase();

function VerifyEmailPageBody() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const [verify, result] = useAccountVerifyEmailMutation({ fixedCacheKey: token ? `verify-email:${token}` : undefined });
  const requested = useRef<string | null>(null);

  useEffect(() => {
    if (!token || requested.current === token || !result.isUninitialized) return;
    requested.current = token;
    void verify(token);
  }, [token, verify, result.isUninitialized]);

  if (token && (result.isUninitialized || result.isLoading)) {
    return (
      <PageCard>
        <h1 className="visually-hidden">Email verification</h1>
        <div className="spinner" aria-hidden="true" />
        <p role="status">Verifying your email address...</p>
      </PageCard>
    );
  }

  if (token && result.isSuccess && result.data.success !== false) {
    const { message } = result.data;
    return (
      <PageCard>
        <h1>{VERIFIED_HEADING}</h1>
        {/* The server's message, unless it only repeats the heading. */}
        {message && !sameWords(message, VERIFIED_HEADING) && <p>{message}</p>}
        <div className="page-card-links">
          <Link className="btn btn-primary" to={paths.home()}>
            Start Shopping
          </Link>
          <Link className="btn btn-outline" to={paths.account()}>
            Go to My Account
          </Link>
        </div>
      </PageCard>
    );
  }

  if (token && isAlreadyVerified(result.error)) {
    return (
      <PageCard>
        <h1>Email Already Verified</h1>
        <p role="status">{ALREADY_VERIFIED}</p>
        <div className="page-card-links">
          <Link className="btn btn-primary" to={paths.account()}>
            Go to My Account
          </Link>
        </div>
      </PageCard>
    );
  }

  const message = !token ? NO_TOKEN : result.isSuccess ? result.data.message || VERIFICATION_FAILED : verifyErrorMessage(result.error);
  return (
    <PageCard>
      <h1>Verification Failed</h1>
      <p role="alert">{message}</p>
      <ResendVerificationForm />
      <div className="page-card-links">
        <Link to={paths.home()}>Back to Home</Link>
      </div>
    </PageCard>
  );
}

/** The page with its own head (React hoists it into <head>) whichever state the body is in. */
export default function VerifyEmailPage() {
  return (
    <>
      <PageHead title="Verify your email" noindex />
      <VerifyEmailPageBody />
    </>
  );
}
