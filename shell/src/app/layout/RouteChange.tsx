// On every path change: scroll to the top (spec §2) and move focus to the main region so
// keyboard and screen-reader users start at the new page, not in the old header position.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function RouteChange({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);
  return null;
}
