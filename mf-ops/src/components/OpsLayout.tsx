// The frame of every ops screen: its heading, the ops navigation, and the role check. The shell's
// route guard already admits only staff and admins; this check is for the stand-alone harness and
// for a session that changes role under an open page. The API refuses anyway: the screens only hide.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { focusOnMount } from '@grocer/shared';
import { opsPaths } from '../lib/opsPaths.ts';
import { useOpsScope } from '../lib/opsScope.ts';
import { OPS_TEXT } from '../lib/opsText.ts';
import './ops.css';
import { PageHead } from '@grocer/shared/head';

/**
 * Below 1024 px the navigation is one row that scrolls sideways (ops.css): the screen's own link is
 * scrolled into that row's view, or on "My account" (the last link) the phone showed no current link.
 * Only the row scrolls, never the page.
 */
function showCurrentLink(list: HTMLUListElement | null) {
  const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!list || !current) return;
  const row = list.getBoundingClientRect();
  const link = current.getBoundingClientRect();
  if (link.right > row.right) list.scrollLeft += link.right - row.right;
  else if (link.left < row.left) list.scrollLeft -= row.left - link.left;
}

export function OpsLayout({ title, children }: { title: string; children: ReactNode }) {
  const scope = useOpsScope();
  return (
    <div className="page ops-page">
      {/* Staff pages: nothing for a search engine. */}
      <PageHead title={title} noindex />
      <h1 tabIndex={-1} ref={focusOnMount}>
        {title}
      </h1>
      {scope.kind === 'signed-out' && <p role="alert">{OPS_TEXT.access.signedOut}</p>}
      {scope.kind === 'other' && <p role="alert">{OPS_TEXT.access.notStaff}</p>}
      {(scope.kind === 'admin' || scope.kind === 'staff') && (
        <>
          <nav className="ops-nav" aria-label={OPS_TEXT.nav.label}>
            <ul ref={showCurrentLink}>
              <li>
                <NavLink to={opsPaths.board()} end>
                  {OPS_TEXT.nav.board}
                </NavLink>
              </li>
              <li>
                <NavLink to={opsPaths.inventory()}>{OPS_TEXT.nav.inventory}</NavLink>
              </li>
              <li>
                <NavLink to={opsPaths.settings()}>{OPS_TEXT.nav.settings}</NavLink>
              </li>
              {scope.kind === 'admin' && (
                <li>
                  <NavLink to={opsPaths.staff()}>{OPS_TEXT.nav.staff}</NavLink>
                </li>
              )}
              <li>
                <NavLink to={opsPaths.notifications()}>{OPS_TEXT.nav.notifications}</NavLink>
              </li>
              {scope.kind === 'admin' && (
                <li>
                  <NavLink to={opsPaths.vitals()}>{OPS_TEXT.nav.vitals}</NavLink>
                </li>
              )}
              <li>
                <NavLink to={opsPaths.account()}>{OPS_TEXT.nav.account}</NavLink>
              </li>
            </ul>
          </nav>
          {children}
        </>
      )}
    </div>
  );
}
