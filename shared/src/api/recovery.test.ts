import { configureStore } from '@reduxjs/toolkit';
import { setRuntimeConfig } from '../config/runtimeConfig.ts';
import { rootReducer } from '../store/store.ts';
import { mockFetch, type FetchMock } from '../testing/mockFetch.ts';
import { api } from './api.ts';
import { createApiRecoveryMiddleware } from './recovery.ts';

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    recoveryThing: build.query<{ ok: boolean }, void>({ query: () => '/open/thing' }),
  }),
});

function storeWithRecovery() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware, createApiRecoveryMiddleware({ probeMs: 10 })),
  });
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 2_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('recovery when the API comes back', () => {
  let net: FetchMock;
  let apiUp: boolean;
  beforeEach(() => {
    setRuntimeConfig({ apiBaseUrl: 'http://api.test:4000/' });
    apiUp = false;
    const away = () => (apiUp ? null : Promise.reject(new TypeError('Failed to fetch')));
    net = mockFetch({
      'GET /open/thing': () => away() ?? { body: { ok: true } },
      'GET /health': () => away() ?? { body: { status: 'ok', db: 'ok' } },
    });
  });
  afterEach(() => net.restore());

  it('asks again, by itself, the queries on screen that failed while the API was away', async () => {
    const store = storeWithRecovery();
    const subscription = store.dispatch(testApi.endpoints.recoveryThing.initiate());
    await subscription;
    const state = () => testApi.endpoints.recoveryThing.select()(store.getState());
    expect(state().error).toMatchObject({ status: 'FETCH_ERROR' });

    // While away only the probe asks; then the API answers and the page's query is asked again.
    await until(() => net.calls.filter((call) => call.url.pathname === '/health').length >= 2);
    expect(net.calls.filter((call) => call.url.pathname === '/open/thing')).toHaveLength(1);
    apiUp = true;
    await until(() => state().data?.ok === true);
    subscription.unsubscribe();
  });

  it('treats a 503 (the API up, its database not) the same way, and leaves other failures alone', async () => {
    apiUp = true;
    net.restore();
    let status = 503;
    net = mockFetch({
      'GET /open/thing': () => ({ status, body: { success: false, message: 'later' } }),
      'GET /health': () => ({ status, body: {} }),
    });
    const store = storeWithRecovery();
    const subscription = store.dispatch(testApi.endpoints.recoveryThing.initiate());
    await subscription;
    status = 200;
    await until(() => testApi.endpoints.recoveryThing.select()(store.getState()).isSuccess);
    subscription.unsubscribe();

    net.restore();
    net = mockFetch({ 'GET /open/thing': () => ({ status: 404, body: { success: false, message: 'gone' } }) });
    const other = storeWithRecovery();
    await other
      .dispatch(testApi.endpoints.recoveryThing.initiate())
      .unwrap()
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A 404 is an answer: no probe.
    expect(net.calls.map((call) => call.url.pathname)).toEqual(['/open/thing']);
  });

  it('does not probe for a failed mutation, nor once nothing on screen is failing', async () => {
    const withMutation = api.injectEndpoints({
      endpoints: (build) => ({
        recoveryPost: build.mutation<{ ok: boolean }, void>({ query: () => ({ url: '/open/thing', method: 'POST' }) }),
      }),
    });
    const store = storeWithRecovery();
    await store.dispatch(withMutation.endpoints.recoveryPost.initiate());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /open/thing']);

    const subscription = store.dispatch(testApi.endpoints.recoveryThing.initiate());
    await subscription;
    await until(() => net.calls.some((call) => call.url.pathname === '/health'));
    // The shopper leaves the page and the entry goes: the probe stops.
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
    const asked = net.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(net.calls.length).toBeLessThanOrEqual(asked + 1);
  });
});
