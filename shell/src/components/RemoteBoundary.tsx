// The last layer of fault isolation: whatever a remote does (server down, 404, script error,
// render error), only its own area shows the fallback; a Retry builds a fresh lazy loader
// because a chunk that failed once is not fetched again.
import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { takeFirstPagePlaceholder } from '../app/firstPaint.ts';

export const REMOTE_UNAVAILABLE_TEXT = 'This part of the shop is unavailable right now.';

type Loader = (fresh: boolean) => Promise<{ default: ComponentType }>;

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

interface CatchProps {
  /** What shows instead of the children once they threw; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Runs on retry, before the children render again (in the same update). */
  onRetry: () => void;
  children: ReactNode;
}

/**
 * React's error boundary, as small as the boundary needs (every page's first load carries it: the
 * general-purpose react-error-boundary package cost ~0.4 KB gzip more for the same behaviour).
 */
class Catch extends Component<CatchProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[remotes] a remote area failed', error);
  }

  override render() {
    const { fallback, onRetry, children } = this.props;
    return this.state.failed
      ? fallback(() => {
          onRetry();
          this.setState({ failed: false });
        })
      : children;
  }
}

export interface RemoteBoundaryProps {
  load: Loader;
  /** The module, when it is loaded already: rendered in the first render (a hydration's must match the server's). */
  loaded?: { default: ComponentType } | undefined;
  /** 'page' shows the fallback with Retry; 'slot' (header widgets) shows `slotFallback` quietly. */
  variant?: 'page' | 'slot';
  slotFallback?: ReactNode;
}

/** `load` is read once per attempt; give the boundary a new `key` to load another module. */
export function RemoteBoundary({ load, loaded, variant = 'page', slotFallback = null }: RemoteBoundaryProps) {
  const [Remote, setRemote] = useState<ComponentType>(() => loaded?.default ?? lazy(() => load(false)));
  // Markup of our own index.html or built with DOM nodes from the first page's data (firstData.ts), so escaped.
  const [placeholder] = useState(() => (variant === 'page' ? takeFirstPagePlaceholder() : ''));
  const pending =
    variant === 'page' ? <div className="page-loading" aria-busy="true" dangerouslySetInnerHTML={{ __html: placeholder }} /> : null;
  return (
    <Catch
      // Retry clears the error and renders a fresh lazy loader in the same update.
      onRetry={() => setRemote(() => lazy(() => load(true)))}
      fallback={(retry) => (variant === 'page' ? <RemoteUnavailable onRetry={retry} /> : slotFallback)}
    >
      <Suspense fallback={pending}>
        <Remote />
      </Suspense>
    </Catch>
  );
}
