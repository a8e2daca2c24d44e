// Pagination (spec §2): at most 5 page numbers around the current one, previous/next arrows,
// hidden with one page or fewer, disabled while the next page loads. A listing whose page is in its
// URL (`pageParam`) pages without JavaScript too: the buttons then submit a GET form of the same URL
// with that page, which the server renders; with JavaScript the page changes in place, as before.
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
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
  /** The URL's query parameter holding the page, when the listing keeps its page there. */
  pageParam?: string;
}

/** The page numbers to show: a window of at most `max` pages that contains `current`. */
export function pageWindow(current: number, total: number, max: number = CONSTANTS.MAX_PAGE_LINKS): number[] {
  const count = Math.min(max, total);
  const start = Math.max(1, Math.min(current - Math.floor(max / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A GET form of the current URL but its page: what the buttons submit where no script runs. */
function PageForm({ pageParam, children }: { pageParam: string; children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== pageParam);
  return (
    <form method="get" action={pathname}>
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

export function Pager({ currentPage, totalPages, onPageChange, disabled = false, label = 'Pagination', pageParam }: PagerProps) {
  if (totalPages <= 1) return null;
  const go = (page: number) => (event: MouseEvent) => {
    event.preventDefault();
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };
  // Submit buttons naming their page only inside the form; elsewhere plain buttons, as they always were.
  const submit = (page: number) =>
    pageParam ? { type: 'submit' as const, name: pageParam, value: String(page) } : { type: 'button' as const };
  const list = (
    <ul>
      <li>
        <button
          {...submit(currentPage - 1)}
          className="pager-arrow"
          aria-label="Previous page"
          disabled={disabled || currentPage <= 1}
          onClick={go(currentPage - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
      </li>
      {pageWindow(currentPage, totalPages).map((page) => (
        <li key={page}>
          <button
            {...submit(page)}
            aria-label={`Page ${page}`}
            aria-current={page === currentPage ? 'page' : undefined}
            disabled={disabled}
            onClick={go(page)}
          >
            {page}
          </button>
        </li>
      ))}
      <li>
        <button
          {...submit(currentPage + 1)}
          className="pager-arrow"
          aria-label="Next page"
          disabled={disabled || currentPage >= totalPages}
          onClick={go(currentPage + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </li>
    </ul>
  );
  return (
    <nav className="pager" aria-label={label} aria-busy={disabled || undefined}>
      {pageParam ? <PageForm pageParam={pageParam}>{list}</PageForm> : list}
    </nav>
  );
}
