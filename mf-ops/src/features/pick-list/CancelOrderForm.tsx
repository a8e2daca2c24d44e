// An admin cancels the whole order with a reason: the server refunds everything captured, releases
// the stock and mails the shopper. The reason goes into that mail, so it is required.
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '@grocer/shared';
import { useOpsCancelMutation } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';

/** The API's bounds for a reason (OpsCancelPayloadSchema in @grocer/shared/schemas). */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export function CancelOrderForm({ orderId }: { orderId: string }) {
  const headingId = useId();
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cancel, { isLoading, isSuccess }] = useOpsCancelMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < REASON_MIN) return setError(OPS_TEXT.cancel.reasonRequired);
    setError(null);
    const answer = await cancel({ orderId, reason: text });
    if ('error' in answer) setError(apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed));
  };

  return (
    <section className="card ops-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{OPS_TEXT.cancel.title}</h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="ops-field">
          <label htmlFor={reasonId}>{OPS_TEXT.cancel.reason}</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={REASON_MAX}
            rows={3}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {error && (
          <p id={errorId} role="alert" className="ops-error-text">
            {error}
          </p>
        )}
        {isSuccess && <p role="status">{OPS_TEXT.cancel.done}</p>}
        <div className="ops-actions">
          <button type="submit" className="btn btn-outline" disabled={isLoading}>
            {OPS_TEXT.cancel.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
