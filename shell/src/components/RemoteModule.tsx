// Renders one widget a remote exposes (a header slot, the auth modal) inside its own RemoteBoundary,
// which keeps quiet when the remote fails (slotFallback). Route pages are RemotePage's.
import { useCallback, type ReactNode } from 'react';
import type { PropLessModuleId } from '@grocer/shared';
import { loadRemoteModule } from '../app/remotes.ts';
import { RemoteBoundary } from './RemoteBoundary.tsx';

/** `id`: a widget of the contract (`<remote>/<module>`). */
export function RemoteModule({ id, slotFallback }: { id: PropLessModuleId; slotFallback?: ReactNode }) {
  // Widgets take no props, so every one fits `ComponentType`.
  const load = useCallback((fresh: boolean) => loadRemoteModule(id, fresh), [id]);
  return <RemoteBoundary key={id} load={load} variant="slot" slotFallback={slotFallback} />;
}
