// The last layer of fault isolation: whatever a remote does (server down, 404, script error,
// render error), only its own area shows the fallback; a Retry builds a fresh lazy loader
// because a chunk that failed once is not fetched again.
import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { takeFirstPagePlaceholder } from '../app/firstPaint.ts';

export const REMOTE_UNAVAILABLE_TEXT = 'This part of the shop is unavailable right now.';

type Loader = (fresh: boolean) => Promise<{ default: ComponentType }>;

interface CatchProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

class CatchError extends Component<CatchProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('[remotes] a remote area failed', error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="remote-unavailable" role="alert">
      <p>{REMOTE_UNAVAILABLE_TEXT}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}

export interface RemoteBoundaryProps {
  load: Loader;
  /** 'page' shows the fallback with Retry; 'slot' (header widgets) shows `slotFallback` quietly. */
  variant?: 'page' | 'slot';
  slotFallback?: ReactNode;
  loading?: ReactNode;
}

/** `load` is read once per attempt; give the boundary a new `key` to load another module. */
export function RemoteBoundary({ load, variant = 'page', slotFallback = null, loading }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const [Remote, setRemote] = useState(() => lazy(() => load(false)));
  const retry = () => {
    setAttempt((n) => n + 1);
    setRemote(() => lazy(() => load(true)));
  };
  // Markup of our own index.html or built with DOM nodes from the first page's data (firstData.ts), so escaped.
  const [placeholder] = useState(() => (variant === 'page' && loading === undefined ? takeFirstPagePlaceholder() : ''));
  const pending =
    loading ??
    (variant === 'page' ? <div className="page-loading" aria-busy="true" dangerouslySetInnerHTML={{ __html: placeholder }} /> : null);
  return (
    <CatchError key={attempt} fallback={() => (variant === 'page' ? <RemoteUnavailable onRetry={retry} /> : slotFallback)}>
      <Suspense fallback={pending}>
        <Remote />
      </Suspense>
    </CatchError>
  );
}
