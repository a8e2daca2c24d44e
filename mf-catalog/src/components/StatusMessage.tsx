// The loading, empty and error states every catalogue request shows (spec §8 texts are passed in).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

/** Two grey lines standing in for a name and a detail until they load. */
export function SkeletonLines() {
  return (
    <>
      <div className="skeleton-line" />
      <div className="skeleton-line short" />
    </>
  );
}

/** The class names of the cards a SkeletonGrid stands in for, so it takes their size and place. */
export interface SkeletonGridClasses {
  grid: string;
  card: string;
  media: string;
  body: string;
}

/** `count` grey cards in the grid the loaded cards will fill, hidden from screen readers (LoadingMessage speaks). */
export function SkeletonGrid({ count, classes, testId }: { count: number; classes: SkeletonGridClasses; testId?: string }) {
  return (
    <ul className={classes.grid} aria-hidden="true" data-testid={testId}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className={classes.card}>
            <div className={classes.media} />
            <div className={classes.body}>
              <SkeletonLines />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * A page number past the last page (an old link, a hand-edited URL): the results exist, just not
 * here, so say so and link to the last page instead of claiming nothing matches.
 */
export function PastEndMessage({ page, totalPages, lastPageTo }: { page: number; totalPages: number; lastPageTo: string }) {
  return (
    <div className="status-message">
      <h2>Nothing on page {page}</h2>
      <p>
        There {totalPages === 1 ? 'is only 1 page' : `are only ${totalPages} pages`}.{' '}
        <Link to={lastPageTo}>Go to the last page ({totalPages})</Link>
      </p>
    </div>
  );
}
