// /admin/account: a staff member's (or an admin's) own account on the store side: name, e-mail, the
// store they work for, and a password change that checks the current password on the server
// (POST /ops/me/password). Staff reach it from the header's Account and the user menu's My Account.
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '@grocer/shared';
import { PASSWORD_RULE_HINT, validateConfirmPassword, validatePassword } from '@grocer/shared/validation';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { useOpsChangePasswordMutation, useOpsMeQuery } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';

export default function StaffAccountPage() {
  return (
    <OpsLayout title={OPS_TEXT.account.title}>
      <AccountDetails />
      <PasswordChange />
    </OpsLayout>
  );
}

function AccountDetails() {
  const { data: me, error, refetch } = useOpsMeQuery();
  const t = OPS_TEXT.account;
  const headingId = useId();
  if (error && !me) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (!me) return <Loading />;
  const name = [me.firstName, me.lastName].filter(Boolean).join(' ');
  return (
    <section className="card ops-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.details}</h2>
      <dl className="ops-dl">
        <dt>{t.name}</dt>
        <dd>{name || t.noName}</dd>
        <dt>{t.email}</dt>
        <dd>{me.email}</dd>
        <dt>{OPS_TEXT.common.store}</dt>
        <dd>{me.store ? me.store.name : t.allStores}</dd>
      </dl>
    </section>
  );
}

function PasswordChange() {
  const t = OPS_TEXT.account;
  const ids = { heading: useId(), current: useId(), next: useId(), confirm: useId(), hint: useId() };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [change, { isLoading }] = useOpsChangePasswordMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = (current ? undefined : t.currentRequired) ?? validatePassword(next) ?? validateConfirmPassword(confirm, next);
    if (problem) return setResult({ kind: 'error', text: problem });
    setResult(null);
    const answer = await change({ currentPassword: current, newPassword: next });
    if ('error' in answer) return setResult({ kind: 'error', text: apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed) });
    setCurrent('');
    setNext('');
    setConfirm('');
    setResult({ kind: 'status', text: answer.data.message });
  };

  return (
    <section className="card ops-card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t.password}</h2>
      <form className="ops-list" noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordField id={ids.current} label={t.current} value={current} onChange={setCurrent} autoComplete="current-password" />
        <PasswordField id={ids.next} label={t.next} value={next} onChange={setNext} aria-describedby={ids.hint}>
          <p id={ids.hint} className="ops-muted">
            {PASSWORD_RULE_HINT}
          </p>
        </PasswordField>
        <PasswordField id={ids.confirm} label={t.confirm} value={confirm} onChange={setConfirm} />
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? OPS_TEXT.common.saving : t.submit}
        </button>
        <ResultMessage result={result} />
      </form>
    </section>
  );
}
