// Renders one widget a remote exposes (a header slot, the auth modal) inside its own RemoteBoundary,
// which keeps quiet when the remote fails (slotFallback). Route pages are RemotePage's.
import { use, useCallback, type ReactNode } from 'react';
import type { PropLessModuleId } from '@grocer/shared';
import { RemoteBoundary } from './RemoteBoundary.tsx';
import { RemoteModulesContext } from './remoteModules.ts';

/** `id`: a widget of the contract (`<remote>/<module>`). */
export function RemoteModule({ id, slotFallback }: { id: PropLessModuleId; slotFallback?: ReactNode }) {
  // Widgets take no props, so every one fits `ComponentType`.
  const modules = use(RemoteModulesContext);
  const load = useCallback((fresh: boolean) => modules.load(id, fresh), [modules, id]);
  return <RemoteBoundary key={id} load={load} loaded={modules.loaded(id)} variant="slot" slotFallback={slotFallback} />;
}
