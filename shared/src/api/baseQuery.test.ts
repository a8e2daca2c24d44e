import { api } from './api.ts';
import { SESSION_EXPIRED_MESSAGE } from './baseQuery.ts';
import { EARLY_RESPONSE_TTL_MS, provideEarlyResponse, takeEarlyResponse } from './earlyResponses.ts';
import { setRuntimeConfig } from '../config/runtimeConfig.ts';
import { events } from '../events/bus.ts';
import { makeStore } from '../store/store.ts';
import { jwtValidFor } from '../testing/jwt.ts';
import { mockFetch, type FetchMock } from '../testing/mockFetch.ts';
import type { User } from '../contracts/index.ts';

// A feature adds endpoints the way every remote does.
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    testOpen: build.query<{ ok: boolean }, void>({ query: () => '/open/thing' }),
    testPrivate: build.query<{ ok: boolean }, void>({ query: () => '/user/profile', extraOptions: { auth: true } }),
  }),
});

const userWith = (token: string): User => ({ uuid: 'u1', email: 'shopper@example.com', token, roleName: 'CUSTOMER' }) as User;

describe('the one base query', () => {
  let network: FetchMock;
  let expired: string[];
  let off: () => void;

  beforeEach(() => {
    setRuntimeConfig({ apiBaseUrl: 'http://api.test:4000/' });
    network = mockFetch({
      'GET /open/thing': () => ({ body: { ok: true } }),
      'GET /user/profile': ({ headers }) =>
        headers.get('authorization') === 'Bearer expired-on-server'
          ? { status: 401, body: { message: 'Unauthorized' } }
          : { body: { ok: true } },
    });
    expired = [];
    off = events.on('session:expired', ({ message }) => expired.push(message));
  });

  afterEach(() => {
    network.restore();
    off();
  });

  it('calls the API named by the runtime config with the client-domain header', async () => {
    const store = makeStore();
    const result = await store.dispatch(testApi.endpoints.testOpen.initiate());
    expect(result.data).toEqual({ ok: true });
    const [call] = network.calls;
    expect(call?.url.href).toBe('http://api.test:4000/open/thing');
    expect(call?.headers.get('x-client-domain')).toBe(window.location.origin);
    expect(call?.headers.get('authorization')).toBeNull();
  });

  it('adds the bearer token to authenticated calls', async () => {
    const token = jwtValidFor(3600);
    const store = makeStore({ session: { user: userWith(token) } });
    const result = await store.dispatch(testApi.endpoints.testPrivate.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(network.calls[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it.each([
    ['no user', null],
    ['a token within 120 s of expiry', userWith(jwtValidFor(100))],
  ])('refuses to call with %s and raises session:expired', async (_case, user) => {
    const store = makeStore({ session: { user } });
    const result = await store.dispatch(testApi.endpoints.testPrivate.initiate());
    expect(network.calls).toHaveLength(0);
    expect(result.error).toMatchObject({ status: 401, data: { message: SESSION_EXPIRED_MESSAGE } });
    expect(expired).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  it('turns a 401 from the server into session:expired', async () => {
    const tampered = jwtValidFor(3600);
    const store = makeStore({ session: { user: userWith(tampered) } });
    network.restore();
    network = mockFetch({ 'GET /user/profile': () => ({ status: 401, body: { message: 'Unauthorized' } }) });
    const result = await store.dispatch(testApi.endpoints.testPrivate.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(expired).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  describe('answers the shell started before the page loaded', () => {
    const early = (body: unknown) => Promise.resolve(Response.json(body));

    it('a query takes the answer in flight and the API is asked once; a later refetch asks it', async () => {
      provideEarlyResponse('http://api.test:4000/open/thing', early({ ok: 'early' }));
      const store = makeStore();
      const first = await store.dispatch(testApi.endpoints.testOpen.initiate());
      expect(first.data).toEqual({ ok: 'early' });
      expect(network.calls).toHaveLength(0);

      const again = await store.dispatch(testApi.endpoints.testOpen.initiate(undefined, { forceRefetch: true }));
      expect(again.data).toEqual({ ok: true });
      expect(network.calls).toHaveLength(1);
    });

    it('an early read that failed (no network then) is sent again, as if there had been none', async () => {
      const failed = Promise.reject(new TypeError('Failed to fetch'));
      failed.catch(() => undefined);
      provideEarlyResponse('http://api.test:4000/open/thing', failed);
      const result = await makeStore().dispatch(testApi.endpoints.testOpen.initiate());
      expect(result.data).toEqual({ ok: true });
      expect(network.calls).toHaveLength(1);
    });

    it('an authenticated call takes only an early answer asked with its own token, never an open one or another session’s', async () => {
      const token = jwtValidFor(3600);
      const url = 'http://api.test:4000/user/profile';
      provideEarlyResponse(url, early({ ok: 'open' }));
      provideEarlyResponse(url, early({ ok: 'someone else' }), `Bearer ${jwtValidFor(1800)}`);
      const store = makeStore({ session: { user: userWith(token) } });
      const asked = await store.dispatch(testApi.endpoints.testPrivate.initiate());
      expect(asked.data).toEqual({ ok: true });
      expect(network.calls).toHaveLength(1);
      takeEarlyResponse(url);

      provideEarlyResponse(url, early({ ok: 'mine' }), `Bearer ${token}`);
      const taken = await store.dispatch(testApi.endpoints.testPrivate.initiate(undefined, { forceRefetch: true }));
      expect(taken.data).toEqual({ ok: 'mine' });
      expect(network.calls).toHaveLength(1);
    });

    it('an answer is for the first screen only: taken once, and not after its time', () => {
      const url = 'http://api.test:4000/open/thing';
      const response = early({});
      provideEarlyResponse(url, response, null, 1_000);
      expect(takeEarlyResponse(url, null, 1_000 + EARLY_RESPONSE_TTL_MS)).toBe(response);
      expect(takeEarlyResponse(url, null, 1_000)).toBeUndefined();
      provideEarlyResponse(url, response, null, 1_000);
      expect(takeEarlyResponse(url, null, 1_001 + EARLY_RESPONSE_TTL_MS)).toBeUndefined();
    });
  });
});
