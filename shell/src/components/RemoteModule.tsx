// Renders one exposed module of a remote inside its own RemoteBoundary.
import { useCallback, type ReactNode } from 'react';
import type { PropLessModuleId } from '@grocer/shared';
import { loadRemoteModule } from '../app/remotes.ts';
import { RemoteBoundary } from './RemoteBoundary.tsx';

/** `id`: a widget of the contract, or a route page a remote declared (`<remote>/<module>`, routeTable.ts). */
export function RemoteModule({
  id,
  slot,
  slotFallback,
}: {
  id: PropLessModuleId | (string & {});
  slot?: boolean;
  slotFallback?: ReactNode;
}) {
  // Route pages are plain components without props, so every exposed module fits `ComponentType`.
  const load = useCallback((fresh: boolean) => loadRemoteModule(id, fresh), [id]);
  return <RemoteBoundary key={id} load={load} variant={slot ? 'slot' : 'page'} slotFallback={slotFallback} />;
}
