// The loading and error states of the order pages: errors interrupt (role=alert), loading is announced politely.
import type { ReactNode } from 'react';
import './orders.css';

export function ErrorPanel({ title, message, children }: { title?: string; message: string; children?: ReactNode }) {
  return (
    <div className="order-message order-message-error" role="alert">
      {title && <h2>{title}</h2>}
      <p>{message}</p>
      {children}
    </div>
  );
}

export function LoadingPanel({ label }: { label: string }) {
  return (
    <div className="order-message" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
