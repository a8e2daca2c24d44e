import grocerRuntimePlugin from './mfRuntimePlugin.ts';
import { exposeStylesheets, readManifestEarly } from './remoteStyles.ts';

type SnapshotArgs = Parameters<NonNullable<ReturnType<typeof grocerRuntimePlugin>['loadRemoteSnapshot']>>[0];

const loaded = (name: string, version: string | undefined, manifestUrl: string) =>
  ({
    options: {},
    moduleInfo: { name, entry: manifestUrl },
    manifestJson: { metaData: { buildInfo: version ? { buildVersion: version, buildName: `@grocer/mf-${name}` } : undefined } },
    manifestUrl,
    remoteSnapshot: {},
    from: 'manifest',
  }) as unknown as SnapshotArgs;

describe('grocerRuntimePlugin: composed versions', () => {
  afterEach(() => jest.restoreAllMocks());

  it('logs each remote version it composes once, and hands the snapshot on unchanged', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => {});
    const plugin = grocerRuntimePlugin();
    const catalog = loaded('catalog', '1.4.0', 'http://localhost:3001/mf-manifest.json');

    expect(await plugin.loadRemoteSnapshot!(catalog)).toBe(catalog);
    await plugin.loadRemoteSnapshot!(loaded('catalog', '1.4.0', 'http://localhost:3001/mf-manifest.json'));
    await plugin.loadRemoteSnapshot!(loaded('orders', undefined, 'http://localhost:3004/mf-manifest.json'));

    expect(info.mock.calls).toEqual([
      ['[remotes] composed catalog 1.4.0 from http://localhost:3001/mf-manifest.json'],
      ['[remotes] composed orders unknown from http://localhost:3004/mf-manifest.json'],
    ]);
  });

  it('logs nothing for a snapshot that did not come from a manifest', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => {});
    await grocerRuntimePlugin().loadRemoteSnapshot!({ ...loaded('account', '1.0.0', 'x'), manifestJson: undefined, from: 'global' });
    expect(info).not.toHaveBeenCalled();
  });
});

describe('grocerRuntimePlugin: the painter read a manifest first', () => {
  const manifestUrl = 'http://localhost:3101/mf-manifest.json';
  const manifest = { metaData: { publicPath: 'auto' }, exposes: [{ name: 'StorePage', assets: { css: { sync: ['StorePage.css'] } } }] };
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn(async () => new Response(JSON.stringify(manifest), { status: 200 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it("takes the painter's answer once, so the manifest is fetched once; the next read asks again", async () => {
    readManifestEarly(manifestUrl);
    readManifestEarly(manifestUrl); // The painter asks once however often it is called.
    expect(await exposeStylesheets(manifestUrl, 'StorePage')).toEqual(['http://localhost:3101/StorePage.css']);
    const plugin = grocerRuntimePlugin();

    expect(await ((await plugin.fetch!(manifestUrl, {})) as Response).json()).toEqual(manifest);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await plugin.fetch!(manifestUrl, {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early read failed', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('down', { status: 503 }));
    readManifestEarly('http://localhost:3009/mf-manifest.json');
    const response = (await grocerRuntimePlugin().fetch!('http://localhost:3009/mf-manifest.json', {})) as Response;
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
