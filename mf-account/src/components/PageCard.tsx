// The centred card the verify-email and reset-password pages sit in.
import type { ReactNode } from 'react';
import './PageCard.css';

export function PageCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section className={`page page-card-wrap${className ? ` ${className}` : ''}`}>
      <div className="card page-card">{children}</div>
    </section>
  );
}
