// Beta access (spec §1, §4): a status line from GET /api/user/beta-status (a failure says so and the
// status becomes UNKNOWN) and a request button. Beta only shows badges and this line; it never
// decides checkout.
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, Notice, type NoticeKind, type User, type UserStatus } from '@grocer/shared';
import { useAccountBetaStatusQuery, useAccountRequestBetaMutation } from '../../lib/accountApi.ts';

export const BETA_STATUS_FAILED = 'Failed to get beta status';
export const BETA_REQUEST_FAILED = 'Failed to request beta access';

const STATUS_LABELS: Record<UserStatus, string> = {
  BETA: 'You are a beta participant.',
  BETA_REQUESTED: 'Your beta access request is pending.',
  UNKNOWN: 'You are not part of the beta program.',
};

export function BetaAccess({ user }: { user: User }) {
  const headingId = useId();
  const betaStatus = useAccountBetaStatusQuery(user.uuid, { refetchOnMountOrArgChange: true });
  const [requestBeta, { isLoading }] = useAccountRequestBetaMutation();
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ kind: NoticeKind; message: string } | null>(null);
  const requested = user.isBetaParticipant || user.hasBetaRequest || user.status !== 'UNKNOWN';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const response = await requestBeta({ reason: reason.trim() }).unwrap();
      if (response.success === false) setOutcome({ kind: 'error', message: response.message || BETA_REQUEST_FAILED });
      else setOutcome({ kind: 'success', message: response.message || STATUS_LABELS.BETA_REQUESTED });
    } catch (error) {
      setOutcome({ kind: 'error', message: apiErrorMessage(error, BETA_REQUEST_FAILED) });
    }
  };

  return (
    <section className="card account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Beta Program</h2>
      {betaStatus.isError ? (
        <Notice kind="error">{BETA_STATUS_FAILED}</Notice>
      ) : (
        <p className="beta-status" role="status">
          {betaStatus.isLoading ? 'Checking your beta status...' : (STATUS_LABELS[user.status] ?? STATUS_LABELS.UNKNOWN)}
        </p>
      )}
      {!requested && (
        <form className="form-stack" onSubmit={(event) => void submit(event)}>
          <div className="form-field">
            <label htmlFor={`${headingId}-reason`}>Why would you like to join? (optional)</label>
            <textarea
              id={`${headingId}-reason`}
              name="reason"
              rows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-outline" disabled={isLoading}>
              {isLoading ? 'Requesting...' : 'Request Beta Access'}
            </button>
          </div>
        </form>
      )}
      {outcome && <Notice kind={outcome.kind}>{outcome.message}</Notice>}
    </section>
  );
}
