// The GET form a pager's buttons submit where no script runs (Pager.tsx): the current URL with the
// button's page, which the page server renders. Its own file, so only the pagers that page by URL carry it.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

export function PageForm({ pageParam, children }: { pageParam: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== pageParam);
  return (
    // With a script running, the buttons' own handlers page in place: the form sends nothing.
    <form method="get" action={pathname} onSubmit={(event) => event.preventDefault()}>
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/** A listing that keeps its page in `?page=`: what its Pager is given. */
export const PAGE_IN_URL = { pageParam: 'page', Form: PageForm };
