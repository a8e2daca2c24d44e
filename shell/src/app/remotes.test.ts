import type { RemoteRoutes } from '@grocer/shared';
import type * as RemotesModule from './remotes.ts';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(async () => undefined),
}));

const REMOTES = { catalog: 'http://catalog.test/mf-manifest.json', ops: 'http://ops.test/mf-manifest.json' };
const CATALOG: RemoteRoutes = { routes: [{ path: '/', module: 'HomePage', access: 'public' }] };
const OPS: RemoteRoutes = { routes: [{ path: '/admin', module: 'OrderBoardPage', access: { roles: ['ADMIN', 'STORE_STAFF'] } }] };

const json = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body }) as Response;

/** A fetch that answers /remotes.json and catalog's routes at once, and ops' routes when the test says. */
function network() {
  let answerOps!: (response: Response) => void;
  let failOps!: (error: Error) => void;
  const calls: string[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url === '/remotes.json') return json(REMOTES);
    if (url === 'http://catalog.test/routes.json') return json(CATALOG);
    if (url === 'http://ops.test/routes.json') {
      return new Promise<Response>((resolve, reject) => {
        answerOps = resolve;
        failOps = reject;
      });
    }
    return json({}, 404);
  });
  return { fetchMock, calls, answerOps: (r: Response) => answerOps(r), failOps: (e: Error) => failOps(e) };
}

/** The module with fresh state, and the federation runtime mock it calls. */
async function freshRemotesModule() {
  let module!: typeof RemotesModule & { registerRemotes: jest.Mock };
  await jest.isolateModulesAsync(async () => {
    const { registerRemotes } = jest.requireMock<{ registerRemotes: jest.Mock }>('@module-federation/enhanced/runtime');
    module = { ...(await import('./remotes.ts')), registerRemotes };
  });
  return module;
}

describe('the routes the remotes declare, read at start', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('registers the remotes the server wrote into the page, without asking for /remotes.json', async () => {
    const net = network();
    global.fetch = net.fetchMock as unknown as typeof fetch;
    const block = document.createElement('script');
    block.type = 'application/json';
    block.setAttribute('data-runtime-document', '/remotes.json');
    block.textContent = JSON.stringify({ catalog: REMOTES.catalog });
    document.head.append(block);
    try {
      const { initRemotes, registerRemotes } = await freshRemotesModule();
      await initRemotes();
      expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: REMOTES.catalog }]);
      expect(net.calls).not.toContain('/remotes.json');
    } finally {
      block.remove();
    }
  });

  it('reads each remote’s routes.json beside its manifest, and the first page need not wait for a slow remote', async () => {
    const net = network();
    global.fetch = net.fetchMock as unknown as typeof fetch;
    const { routeTableFor, loadRouteTable } = await freshRemotesModule();

    const first = await routeTableFor('/');
    expect(first.routes.map((r) => r.id)).toEqual(['catalog/HomePage']);
    expect(first.pending).toEqual(['ops']);

    const all = loadRouteTable();
    net.answerOps(json(OPS));
    const table = await all;
    expect(table.routes.map((r) => r.id)).toEqual(['catalog/HomePage', 'ops/OrderBoardPage']);
    expect(table.pending).toEqual([]);
    // Each routes.json once per page, however many callers asked.
    expect(net.calls.filter((url) => url.endsWith('/routes.json'))).toEqual([
      'http://catalog.test/routes.json',
      'http://ops.test/routes.json',
    ]);
  });

  it('a path no answered remote claims waits for the others', async () => {
    const net = network();
    global.fetch = net.fetchMock as unknown as typeof fetch;
    const { routeTableFor } = await freshRemotesModule();
    let settled = false;
    const admin = routeTableFor('/admin').then((table) => {
      settled = true;
      return table;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    net.answerOps(json(OPS));
    expect((await admin).routes.map((r) => r.id)).toContain('ops/OrderBoardPage');
  });

  it('a remote that cannot answer is missing until a retry reads its routes again, registered afresh', async () => {
    const net = network();
    global.fetch = net.fetchMock as unknown as typeof fetch;
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { loadRouteTable, registerRemotes } = await freshRemotesModule();

    const all = loadRouteTable();
    await new Promise((resolve) => setTimeout(resolve, 0));
    net.failOps(new TypeError('Failed to fetch'));
    expect(await all).toMatchObject({ missing: ['ops'], pending: [] });
    expect(error).toHaveBeenCalledWith('[routes] http://ops.test/routes.json of ops could not be read', expect.any(TypeError));

    registerRemotes.mockClear();
    const retried = loadRouteTable(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    net.answerOps(json(OPS));
    expect((await retried).routes.map((r) => r.id)).toEqual(['catalog/HomePage', 'ops/OrderBoardPage']);
    // Only the remote that failed is read and registered again.
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'ops', entry: REMOTES.ops }], { force: true });
    expect(net.calls.filter((url) => url === 'http://catalog.test/routes.json')).toHaveLength(1);
    error.mockRestore();
  });
});
