// Pagination (spec §2): at most 5 page numbers around the current one, previous/next arrows,
// hidden with one page or fewer, disabled while the next page loads.
import { CONSTANTS } from '@grocer/shared';
import './Pager.css';

export interface PagerProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** True while a page is loading: every button is disabled. */
  disabled?: boolean;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** The page numbers to show: a window of at most `max` pages that contains `current`. */
export function pageWindow(current: number, total: number, max: number = CONSTANTS.MAX_PAGE_LINKS): number[] {
  const count = Math.min(max, total);
  const start = Math.max(1, Math.min(current - Math.floor(max / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pager({ currentPage, totalPages, onPageChange, disabled = false, label = 'Pagination' }: PagerProps) {
  if (totalPages <= 1) return null;
  const go = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };
  return (
    <nav className="pager" aria-label={label} aria-busy={disabled || undefined}>
      <ul>
        <li>
          <button
            type="button"
            className="pager-arrow"
            aria-label="Previous page"
            disabled={disabled || currentPage <= 1}
            onClick={() => go(currentPage - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        </li>
        {pageWindow(currentPage, totalPages).map((page) => (
          <li key={page}>
            <button
              type="button"
              aria-label={`Page ${page}`}
              aria-current={page === currentPage ? 'page' : undefined}
              disabled={disabled}
              onClick={() => go(page)}
            >
              {page}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="pager-arrow"
            aria-label="Next page"
            disabled={disabled || currentPage >= totalPages}
            onClick={() => go(currentPage + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
