// The loading, empty and error states every catalogue request shows (spec §8 texts are passed in).
import type { ReactNode } from 'react';
import './StatusMessage.css';

export function ErrorMessage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="status-message status-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="status-message">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** Announced politely; the visual placeholder (skeleton) is drawn by the caller. */
export function LoadingMessage({ label }: { label: string }) {
  return (
    <p className="visually-hidden" role="status">
      {label}
    </p>
  );
}
