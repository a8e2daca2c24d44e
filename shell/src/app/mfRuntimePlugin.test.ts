import grocerRuntimePlugin from './mfRuntimePlugin.ts';

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
