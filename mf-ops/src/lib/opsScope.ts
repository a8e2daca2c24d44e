// Who is using the store side, from the signed-in user's role, and which store a screen acts on:
// staff always their own store; an admin the one named in the URL (?store={uuid}), so a reload or a
// shared link keeps it. The API enforces the same on every call.
import { useSearchParams } from 'react-router';
import { selectUser, useAppSelector, type OpsMe, type OpsStore } from '@grocer/shared';
import { useOpsMeQuery } from './opsApi.ts';
import { withParam } from './searchParams.ts';

export type OpsScope = { kind: 'signed-out' } | { kind: 'other' } | { kind: 'admin' } | { kind: 'staff' };

export function useOpsScope(): OpsScope {
  const user = useAppSelector(selectUser);
  if (!user) return { kind: 'signed-out' };
  const role = user.roleName?.toUpperCase();
  if (role === 'ADMIN') return { kind: 'admin' };
  if (role === 'STORE_STAFF') return { kind: 'staff' };
  return { kind: 'other' };
}

/** The URL parameter that names the store an admin is looking at. */
export const STORE_PARAM = 'store';

export interface StoreChoice {
  me: OpsMe | undefined;
  /** The store the screen acts on; undefined while loading, or for an admin's "all stores" (when allowed). */
  store: OpsStore | undefined;
  isAdmin: boolean;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  choose: (storeUuid: string) => void;
}

/**
 * `allowAll`: the board lets an admin see every store at once (no ?store=); the per-store screens
 * (inventory, settings) fall back to the admin's first store.
 */
export function useStoreChoice({ allowAll = false }: { allowAll?: boolean } = {}): StoreChoice {
  const { data: me, isLoading, error, refetch } = useOpsMeQuery();
  const [params, setParams] = useSearchParams();
  const isAdmin = me?.role === 'ADMIN';
  const asked = params.get(STORE_PARAM);
  let store: OpsStore | undefined;
  if (me && !isAdmin) store = me.store ?? undefined;
  else if (me) store = me.stores.find((s) => s.uuid === asked) ?? (allowAll ? undefined : me.stores[0]);
  const choose = (storeUuid: string) => setParams(withParam(STORE_PARAM, storeUuid), { replace: true });
  return { me, store, isAdmin, isLoading, error, refetch: () => void refetch(), choose };
}
