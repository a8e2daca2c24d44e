// Pagination (spec §2): at most 5 page numbers around the current one, previous/next arrows,
// hidden with one page or fewer, disabled while the next page loads. A listing whose page is in its
// URL (`inUrl`) pages without JavaScript too: the buttons then submit a GET form of the same URL with
// that page, which the server renders; with JavaScript the form submits nothing and the page changes in
// place, as before.
import type { ComponentType, ReactNode } from 'react';
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
  /**
   * Where the listing keeps its page in the URL: the query parameter, and the form the buttons submit
   * (PageForm.tsx; given by the pages that have one, so a pager without it carries none of its code).
   */
  inUrl?: { pageParam: string; Form: ComponentType<{ pageParam: string; children: ReactNode }> };
}

/** The page numbers to show: a window of at most `max` pages that contains `current`. */
export function pageWindow(current: number, total: number, max: number = CONSTANTS.MAX_PAGE_LINKS): number[] {
  const count = Math.min(max, total);
  const start = Math.max(1, Math.min(current - Math.floor(max / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pager({ currentPage, totalPages, onPageChange, disabled = false, label = 'Pagination', inUrl }: PagerProps) {
  if (totalPages <= 1) return null;
  const go = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };
  // Submit buttons naming their page only inside the form; elsewhere plain buttons, as they always were.
  const submit = (page: number) =>
    inUrl ? { type: 'submit' as const, name: inUrl.pageParam, value: String(page) } : { type: 'button' as const };
  const list = (
    <ul>
      <li>
        <button
          {...submit(currentPage - 1)}
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
            {...submit(page)}
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
          {...submit(currentPage + 1)}
          className="pager-arrow"
          aria-label="Next page"
          disabled={disabled || currentPage >= totalPages}
          onClick={() => go(currentPage + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </li>
    </ul>
  );
  return (
    <nav className="pager" aria-label={label} aria-busy={disabled || undefined}>
      {inUrl ? <inUrl.Form pageParam={inUrl.pageParam}>{list}</inUrl.Form> : list}
    </nav>
  );
}
