/** @jest-environment node */
// The page server follows remotes.json and the remotes' manifests as browsers do: a release or a rollback
// is registered again within the TTL, and a server build made for another browser build is not used.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteRegistry, isRemoteBuild, manifestHash, type RemoteRegistryOptions } from './remoteRegistry.ts';

/** Files the stand-in remote origin serves, by path; anything else is a 404. */
const files = new Map<string, string>();
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const body = files.get(new URL(request.url ?? '/', 'http://x').pathname);
    response.statusCode = body === undefined ? 404 : 200;
    response.end(body ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => files.clear());

/** A remote's release in `folder`: its browser manifest, and a server manifest naming it (or `recorded`). */
function release(folder: string, version: string, recorded?: string) {
  const browser = JSON.stringify({ name: 'catalog', metaData: { buildInfo: { buildVersion: version } } });
  files.set(`/${folder}/mf-manifest.json`, browser);
  files.set(
    `/${folder}/server/mf-manifest.json`,
    JSON.stringify({
      name: 'catalog',
      metaData: { buildInfo: { buildVersion: version, browserManifestHash: recorded ?? manifestHash(browser) } },
    }),
  );
}

function registry(overrides: Partial<RemoteRegistryOptions> = {}) {
  let clock = 0;
  let remotes: Record<string, string> = { catalog: `${origin}/v1/mf-manifest.json` };
  const registerRemotes = jest.fn();
  const loadRemote = jest.fn(async (id: string) => ({ id }));
  const made = createRemoteRegistry({
    federation: { registerRemotes, loadRemote: loadRemote as RemoteRegistryOptions['federation']['loadRemote'] },
    remotes: async () => remotes,
    now: () => clock,
    ttlMs: 5_000,
    timeoutMs: 2_000,
    ...overrides,
  });
  return {
    made,
    registered: () => registerRemotes.mock.calls.map(([list]) => (list as { entry: string }[])[0]!.entry),
    loaded: () => loadRemote.mock.calls.map(([id]) => id),
    pass: (ms: number) => (clock += ms),
    point: (folder: string, more: Record<string, string> = {}) => (remotes = { catalog: `${origin}/${folder}/mf-manifest.json`, ...more }),
  };
}

describe('the page server’s remote registry', () => {
  it('registers a remote’s server build keyed by its manifest, once while it is unchanged', async () => {
    release('v1', '0.1.0');
    const { made, registered, pass } = registry();
    const first = await made.current('catalog');
    expect(isRemoteBuild(first)).toBe(true);
    const key = manifestHash(files.get('/v1/server/mf-manifest.json')!);
    expect(first).toMatchObject({ name: 'catalog', key, browserManifest: files.get('/v1/mf-manifest.json') });
    pass(10_000);
    await made.current('catalog');
    expect(registered()).toEqual([`${origin}/v1/server/mf-manifest.json?v=${key}`]);
  });

  it('follows a release in place within the TTL, and a rollback by remotes.json', async () => {
    release('v1', '0.1.0');
    const { made, registered, pass, point } = registry();
    const first = (await made.current('catalog')) as { key: string };
    release('v1', '0.2.0');
    // Within the TTL the build read stands.
    pass(4_000);
    expect(await made.current('catalog')).toMatchObject({ key: first.key });
    pass(1_001);
    const released = (await made.current('catalog')) as { key: string };
    expect(released.key).toBe(manifestHash(files.get('/v1/server/mf-manifest.json')!));
    expect(released.key).not.toBe(first.key);
    release('v0', '0.0.9');
    point('v0');
    pass(5_001);
    expect(await made.current('catalog')).toMatchObject({ browserManifestUrl: `${origin}/v0/mf-manifest.json` });
    // Each build under its own URL, so the runtime loads its code rather than the one it holds.
    expect(registered()).toEqual([
      `${origin}/v1/server/mf-manifest.json?v=${first.key}`,
      `${origin}/v1/server/mf-manifest.json?v=${released.key}`,
      `${origin}/v0/server/mf-manifest.json?v=${manifestHash(files.get('/v0/server/mf-manifest.json')!)}`,
    ]);
  });

  it('leaves a remote to the browser when its server build was made for another browser build', async () => {
    release('v1', '0.1.0', 'ffffffffffffffff');
    const { made, registered } = registry();
    const found = await made.current('catalog');
    expect(isRemoteBuild(found)).toBe(false);
    expect(found).toMatchObject({ reason: expect.stringContaining('another browser build') });
    expect(registered()).toEqual([]);
  });

  it('says why when a remote is unknown or its manifest is missing, and tries again on the next request', async () => {
    const { made, registered } = registry();
    expect(await made.current('orders')).toMatchObject({ reason: 'orders is not in remotes.json' });
    expect(await made.current('catalog')).toMatchObject({ reason: expect.stringContaining('HTTP 404') });
    // A failed read is not kept for the TTL: the build is used as soon as it is there.
    release('v1', '0.1.0');
    expect(isRemoteBuild(await made.current('catalog'))).toBe(true);
    expect(registered()).toHaveLength(1);
  });

  it('reads and registers through the page server’s own address for a public URL', async () => {
    release('v1', '0.1.0');
    const publicOrigin = 'https://catalog.shop.example';
    const { made, registered } = registry({
      reach: (url) => url.replace(publicOrigin, origin),
      remotes: async () => ({ catalog: `${publicOrigin}/v1/mf-manifest.json` }),
    });
    // remotes.json names the public address (the browsers' one); the page server reaches the remote at its own.
    expect(await made.current('catalog')).toMatchObject({ browserManifestUrl: `${publicOrigin}/v1/mf-manifest.json` });
    expect(registered()).toEqual([expect.stringMatching(new RegExp(`^${origin}/v1/server/mf-manifest\\.json\\?v=[0-9a-f]{16}$`))]);
  });

  it('loads a module of a remote’s current build, and none of a remote it cannot use', async () => {
    release('v1', '0.1.0');
    const { made, registered, loaded } = registry();
    expect(await made.load('catalog/SearchPage')).toEqual({
      module: { id: 'catalog/SearchPage' },
      build: await made.current('catalog'),
    });
    expect(registered()).toHaveLength(1);
    await expect(made.load('orders/OrderDetailsPage')).rejects.toThrow('orders is not in remotes.json');
    expect(loaded()).toEqual(['catalog/SearchPage']);
  });

  it('composes the route table from each remote’s routes.json, read again after the TTL and from where remotes.json points', async () => {
    const route = (path: string, module: string) => ({ path, module, access: 'public' });
    files.set('/v1/routes.json', JSON.stringify({ routes: [route('/search', 'SearchPage')] }));
    const { made, pass, point } = registry();
    point('v1', { orders: `${origin}/orders/mf-manifest.json` });
    // The shell's table: each route owned by `<remote>/<module>`; a remote whose routes cannot be read is missing.
    expect(await made.routes()).toEqual({
      routes: [{ ...route('/search', 'SearchPage'), id: 'catalog/SearchPage' }],
      missing: ['orders'],
      pending: [],
    });
    files.set('/v1/routes.json', JSON.stringify({ routes: [route('/', 'HomePage')] }));
    files.set('/orders/routes.json', JSON.stringify({ routes: [route('/orders', 'OrdersPage')] }));
    // A failed read is tried again at once; a good one stands for the TTL.
    expect((await made.routes()).routes.map((r) => r.id)).toEqual(['catalog/SearchPage', 'orders/OrdersPage']);
    pass(5_001);
    expect((await made.routes()).routes.map((r) => r.id)).toEqual(['catalog/HomePage', 'orders/OrdersPage']);
    files.set('/v2/routes.json', JSON.stringify({ routes: [route('/search', 'SearchPage')] }));
    point('v2');
    pass(5_001);
    expect((await made.routes()).routes.map((r) => r.id)).toEqual(['catalog/SearchPage']);
  });
});
