// A form- or page-level message: errors interrupt (role=alert), everything else is announced politely.
import type { ReactNode } from 'react';
import './Notice.css';

export type NoticeKind = 'error' | 'success' | 'info' | 'warning';

export function Notice({ kind, children, className }: { kind: NoticeKind; children: ReactNode; className?: string }) {
  return (
    <div className={`notice notice-${kind}${className ? ` ${className}` : ''}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
