// The invitation link's page (?token=): a new staff member chooses a password, with the same rules
// as a shopper's sign-up. The token is single-use; the API says when it is spent or expired.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorMessage, events, focusOnMount } from '@grocer/shared';
import { PASSWORD_RULE_HINT, validateConfirmPassword, validatePassword } from '@grocer/shared/validation';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useOpsAcceptInvitationMutation } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import '../../components/ops.css';
import { PageHead } from '@grocer/shared/head';

export default function StaffInvitationPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const t = OPS_TEXT.invitation;
  return (
    <div className="page ops-page ops-narrow">
      <PageHead title={t.title} noindex />
      <h1 tabIndex={-1} ref={focusOnMount}>
        {t.title}
      </h1>
      {token ? <PasswordForm token={token} /> : <p role="alert">{t.missingToken}</p>}
    </div>
  );
}

function PasswordForm({ token }: { token: string }) {
  const ids = { password: useId(), confirm: useId(), hint: useId(), error: useId() };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [accept, { isLoading, isSuccess }] = useOpsAcceptInvitationMutation();
  const t = OPS_TEXT.invitation;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePassword(password) ?? validateConfirmPassword(confirm, password);
    if (problem) return setError(problem);
    setError(null);
    const answer = await accept({ token, password });
    if ('error' in answer) setError(apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed));
  };

  if (isSuccess) {
    return (
      <div className="card ops-card" role="status">
        <p>{t.done}</p>
        <div className="ops-actions">
          <button type="button" className="btn btn-primary" onClick={() => events.emit('auth:open-modal', { mode: 'signin' })}>
            {t.signIn}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="card ops-card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>{t.intro}</p>
      <PasswordField
        id={ids.password}
        label={t.password}
        value={password}
        onChange={setPassword}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        aria-invalid={error ? true : undefined}
      >
        <p id={ids.hint} className="ops-muted">
          {PASSWORD_RULE_HINT}
        </p>
      </PasswordField>
      <PasswordField id={ids.confirm} label={t.confirm} value={confirm} onChange={setConfirm} />
      {error && (
        <p id={ids.error} role="alert" className="ops-error-text">
          {error}
        </p>
      )}
      <div className="ops-actions">
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {t.submit}
        </button>
      </div>
    </form>
  );
}
