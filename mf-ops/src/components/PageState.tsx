// Loading and error states of the ops screens: errors interrupt (role=alert) with a Retry, loading is announced politely.
import { apiErrorMessage } from '@grocer/shared';
import { OPS_TEXT } from '../lib/opsText.ts';
import './ops.css';

/** Says `message`, else the failed call's `error` as the API put it, else that loading failed. */
export function LoadError({ error, message, onRetry }: { error?: unknown; message?: string; onRetry?: () => void }) {
  return (
    <div className="ops-message ops-message-error" role="alert">
      <p>{message ?? apiErrorMessage(error, OPS_TEXT.common.loadFailed)}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {OPS_TEXT.common.retry}
        </button>
      )}
    </div>
  );
}

export function Loading({ label = OPS_TEXT.common.loading }: { label?: string }) {
  return (
    <p className="ops-message" role="status">
      {label}
    </p>
  );
}
