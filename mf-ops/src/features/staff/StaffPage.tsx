// /admin/staff (admins): the stores' staff accounts, a form that creates one for a store and mails
// the single-use invitation link, and a resend for invitations not yet accepted.
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, formatUsShortDate, type OpsMe } from '@grocer/shared';
import { validateEmail } from '@grocer/shared/validation';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { useOpsCreateStaffMutation, useOpsMeQuery, useOpsResendInvitationMutation, useOpsStaffQuery } from '../../lib/opsApi.ts';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { OPS_TEXT } from '../../lib/opsText.ts';

export default function StaffPage() {
  return (
    <OpsLayout title={OPS_TEXT.staff.title}>
      <Staff />
    </OpsLayout>
  );
}

function Staff() {
  const me = useOpsMeQuery();
  if (me.error) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Loading />;
  return (
    <>
      <CreateStaffForm me={me.data} />
      <StaffList />
    </>
  );
}

function CreateStaffForm({ me }: { me: OpsMe }) {
  const headingId = useId();
  const ids = { email: useId(), firstName: useId(), lastName: useId(), store: useId() };
  const empty = { email: '', firstName: '', lastName: '', storeUuid: me.stores[0]?.uuid ?? '' };
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [create, { isLoading }] = useOpsCreateStaffMutation();
  const t = OPS_TEXT.staff;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const problem =
      validateEmail(values.email) ??
      (!values.firstName.trim() || !values.lastName.trim() ? t.namesRequired : undefined) ??
      (values.storeUuid ? undefined : t.storeRequired);
    if (problem) return setError(problem);
    setError(null);
    const answer = await create({
      ...values,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
    if ('error' in answer) return setError(apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed));
    setDone(t.invited(answer.data.email));
    setValues(empty);
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <section className="card ops-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.create}</h2>
      <form className="ops-filters" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="ops-field">
          <label htmlFor={ids.email}>{t.email}</label>
          <input id={ids.email} type="email" autoComplete="off" {...field('email')} />
        </div>
        <div className="ops-field">
          <label htmlFor={ids.firstName}>{t.firstName}</label>
          <input id={ids.firstName} autoComplete="off" {...field('firstName')} />
        </div>
        <div className="ops-field">
          <label htmlFor={ids.lastName}>{t.lastName}</label>
          <input id={ids.lastName} autoComplete="off" {...field('lastName')} />
        </div>
        <div className="ops-field">
          <label htmlFor={ids.store}>{OPS_TEXT.common.store}</label>
          <select id={ids.store} {...field('storeUuid')}>
            {me.stores.map((store) => (
              <option key={store.uuid} value={store.uuid}>
                {store.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {t.submit}
        </button>
      </form>
      {error && (
        <p role="alert" className="ops-error-text">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
    </section>
  );
}

function StaffList() {
  const headingId = useId();
  const { data, error, refetch } = useOpsStaffQuery();
  const [resend, resending] = useOpsResendInvitationMutation();
  const [message, setMessage] = useState<Result | null>(null);
  const t = OPS_TEXT.staff;

  const onResend = async (uuid: string, email: string) => {
    const answer = await resend(uuid);
    setMessage(
      'error' in answer
        ? { kind: 'error', text: apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed) }
        : { kind: 'status', text: t.invited(email) },
    );
  };

  return (
    <section className="card ops-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.members}</h2>
      {error && !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="ops-list">
          {data.map((member) => (
            <li key={member.uuid} className="ops-row">
              <span className="ops-grow">
                <strong>{[member.firstName, member.lastName].filter(Boolean).join(' ') || member.email}</strong>
                <br />
                <span className="ops-muted">
                  {member.email} · {member.store.name} · {t.since(formatUsShortDate(member.createdAt))}
                </span>
              </span>
              <span className="ops-badge">{member.status === 'ACTIVE' ? t.activeAccount : t.pending}</span>
              {member.status === 'INVITED' && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={resending.isLoading}
                  onClick={() => void onResend(member.uuid, member.email)}
                >
                  {t.resendTo(member.email)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ResultMessage result={message} />
    </section>
  );
}
