// Pages recover by themselves when the API comes back (issue "Resilience"): a query that failed because
// the API could not be asked (no answer, or its 503) starts a light probe of GET /health, and once the
// API answers, RTK Query's reconnect refetch runs (createApi's refetchOnReconnect), exactly as when
// the browser itself comes back online. Nothing is reloaded and nothing is asked while the API is away
// but the probe.
import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { getRuntimeConfig } from '../config/runtimeConfig.ts';
import { api } from './api.ts';
import { isApiUnreachable } from './baseQuery.ts';

/** How often the probe asks while the API is away: a tiny request per tab, recovery within seconds. */
export const RECOVERY_PROBE_MS = 2_000;

/** A query's (or infinite query's) thunk argument, not a mutation's. */
const isQuery = (arg: unknown) =>
  typeof arg === 'object' && arg !== null && (arg as { type?: unknown }).type !== 'mutation' && 'endpointName' in arg;

export function createApiRecoveryMiddleware({ probeMs = RECOVERY_PROBE_MS } = {}): Middleware {
  return (store) => {
    let probing = false;
    const probeLater = () => {
      setTimeout(() => void probe(), probeMs);
    };
    // Mutations are never asked again by themselves, and a query that has since been asked again
    // (or dropped) needs nothing: probe only while a query is still failing for want of the API.
    const somethingToRecover = () =>
      Object.values((store.getState() as { [api.reducerPath]: ReturnType<typeof api.reducer> })[api.reducerPath].queries).some(
        (query) => query?.status === 'rejected' && isApiUnreachable(query.error),
      );
    const probe = async () => {
      if (!somethingToRecover()) {
        probing = false;
        return;
      }
      let healthy = false;
      try {
        healthy = (await fetch(`${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}/health`, { cache: 'no-store' })).ok;
      } catch {
        // Still away.
      }
      if (!healthy) return probeLater();
      probing = false;
      store.dispatch(api.internalActions.onOnline());
    };
    return (next) => (action) => {
      const result = next(action);
      if (!probing && isRejectedWithValue(action) && isQuery(action.meta.arg) && isApiUnreachable(action.payload)) {
        probing = true;
        probeLater();
      }
      return result;
    };
  };
}
