// Renders a route page of a remote inside its own RemoteBoundary. When the visit's first page is on
// screen drawn from its data (the page step or the entry), it renders only once its module's
// `loadPageData` (@grocer/shared PageDataLoader) has the same data in the store: the drawing stays
// meanwhile, and the page renders once, with data, in slices, instead of loading and then blocking.
import { use, useCallback } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAppDispatch, type PageDataLoader } from '@grocer/shared';
import { takeDrawnFromData } from '../app/firstPaint.ts';
import { RemoteBoundary } from './RemoteBoundary.tsx';
import { RemoteModulesContext } from './remoteModules.ts';

/** How long the first page waits for its data before it renders anyway, loading, as any page does. */
export const FIRST_PAGE_DATA_BUDGET_MS = 2000;

/** `id`: a route page a remote declared (`<remote>/<module>`, routeTable.ts). */
export function RemotePage({ id }: { id: string }) {
  const params = useParams();
  const { search } = useLocation();
  const dispatch = useAppDispatch();
  const modules = use(RemoteModulesContext);
  // The loader keeps the location the page opened at: a new route is a new boundary (App's key).
  const load = useCallback(
    async (fresh: boolean) => {
      const module = await modules.load(id, fresh);
      // A page built before pages loaded their data, or exporting something else by the name, renders as before.
      if (!fresh && takeDrawnFromData() && typeof module.loadPageData === 'function')
        // A failed read only ends the wait: the page's render shows its own error and Retry.
        await Promise.race([
          (module.loadPageData as PageDataLoader)({ params, search: new URLSearchParams(search) }, dispatch).catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_DATA_BUDGET_MS)),
        ]);
      return module;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: the first location is the one
    [modules, id],
  );
  return <RemoteBoundary key={id} load={load} loaded={modules.loaded(id)} />;
}
