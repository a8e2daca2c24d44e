import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REMOTE_EXPOSES } from '@grocer/shared/contracts';
// The package's testing entry also holds browser helpers (.tsx), which tools' jest does not compile.
import { makeProduct } from '../../shared/src/testing/fixtures.ts';
import { PRESENT_APPS as APPS, type AppDir } from './ports.ts';
import { readPackageJson } from './mf.ts';
import { checkRemoteManifest, releaseLine, type FederationManifest } from './remoteContract.ts';
import { contentHash, SERVER_DIR, SHELL_SERVER_FILE } from './rspack.ts';
import { buildMissing, REPO_ROOT } from './stack.ts';

interface BuiltManifest extends FederationManifest {
  exposes: Array<{ name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }>;
}

const remotes = APPS.filter((a): a is typeof a & { remote: string } => a.remote !== null);
const readManifest = (dir: AppDir) =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'dist', 'mf-manifest.json'), 'utf8')) as BuiltManifest;

describe('the built remotes keep the contract the shell codes against', () => {
  beforeAll(() => {
    // The same rule as `npm start` and the e2e suite: build what is missing or older than its sources.
    buildMissing();
  }, 300_000);

  const host = () => readManifest('shell');

  it.each(remotes.map((a) => [a.dir, a.remote] as const))('%s: exposes, release version and shared singletons', (dir, remote) => {
    expect(checkRemoteManifest(remote, readManifest(dir), host())).toEqual([]);
  });

  it.each(remotes.map((a) => [a.dir] as const))(
    '%s: every exposed module was built, and its manifest carries its package.json version',
    (dir) => {
      const manifest = readManifest(dir);
      expect(manifest.metaData.buildInfo?.buildVersion).toBe(readPackageJson(path.join(REPO_ROOT, dir)).version);
      for (const expose of manifest.exposes) {
        const files = [...expose.assets.js.sync, ...expose.assets.css.sync];
        expect(files.length).toBeGreaterThan(0);
        for (const file of files) expect(statSync(path.join(REPO_ROOT, dir, 'dist', file)).size).toBeGreaterThan(0);
      }
      expect(existsSync(path.join(REPO_ROOT, dir, 'dist', 'remoteEntry.js'))).toBe(true);
    },
  );

  it.each(remotes.map((a) => [a.dir] as const))(
    '%s: its server build exposes the same modules, ships no styles or copies, and names the browser build it goes with',
    (dir) => {
      const serverDist = path.join(REPO_ROOT, dir, 'dist', SERVER_DIR);
      const server = JSON.parse(readFileSync(path.join(serverDist, 'mf-manifest.json'), 'utf8')) as BuiltManifest & {
        metaData: { buildInfo?: { browserManifestHash?: string } };
      };
      const browserManifest = readFileSync(path.join(REPO_ROOT, dir, 'dist', 'mf-manifest.json'));
      expect(server.metaData.buildInfo?.browserManifestHash).toBe(contentHash(browserManifest));
      expect(server.metaData.buildInfo?.buildVersion).toBe(readPackageJson(path.join(REPO_ROOT, dir)).version);
      expect(server.exposes.map((e) => e.name).sort()).toEqual(
        readManifest(dir)
          .exposes.map((e) => e.name)
          .sort(),
      );
      for (const expose of server.exposes) {
        expect(expose.assets.css.sync).toEqual([]);
        for (const file of expose.assets.js.sync) expect(statSync(path.join(serverDist, file)).size).toBeGreaterThan(0);
      }
      expect(readdirSync(serverDist).filter((file) => /\.(css|br|gz|map)$/.test(file))).toEqual([]);
      expect(existsSync(path.join(serverDist, 'remoteEntry.js'))).toBe(true);
    },
  );

  it('the shell’s page server (dist/server/pages.mjs) renders a page with mf-catalog’s server build in plain Node', async () => {
    // What tools/ will do: import the file by path, nothing of the shell's sources, in a process of its own.
    // Here it reads the catalogue's build and a stand-in API from this process over HTTP.
    const results = { products: [makeProduct({ name: 'Whole Milk', price_cents: 349 })], pagination: { currentPage: 1, totalPages: 1 } };
    const origin = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://origin');
      const file = path.join(REPO_ROOT, 'mf-catalog', 'dist', url.pathname.replace(/^\/catalog\//, ''));
      if (url.pathname === '/api/open/products/search/global/paginated') response.end(JSON.stringify(results));
      else if (url.pathname.startsWith('/catalog/') && existsSync(file)) response.end(readFileSync(file));
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    const script = `
      const [pages, indexHtml, origin] = process.argv.slice(1);
      const { readFileSync } = await import('node:fs');
      const { createPageServer } = await import(pages);
      const server = createPageServer({
        indexHtml: () => readFileSync(indexHtml, 'utf8'),
        documents: () => ({ apiBaseUrl: origin + '/api', remotes: { catalog: origin + '/catalog/mf-manifest.json' } }),
        // What is checked is that it renders in plain Node, not how fast: a loaded CI machine once took over 5 s.
        budgetMs: 30000,
      });
      process.stdout.write(String(await server.render(new URL('https://shop.example/search?q=milk'))));`;
    const dist = path.join(REPO_ROOT, 'shell', 'dist');
    const child = spawn(process.execPath, [
      '--input-type=module',
      '-e',
      script,
      path.join(dist, SERVER_DIR, SHELL_SERVER_FILE),
      path.join(dist, 'index.html'),
      at,
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    origin.close();
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /<main [^>]*class="site-main"><!--\$-->.*class="product-card-name"[^>]*>.*Whole Milk.*<span class="product-card-price">\$3\.49<\/span>.*<!--\/\$--><\/main>/s,
    );
    const css = readManifest('mf-catalog').exposes.find((e) => e.name === 'SearchPage')!.assets.css.sync;
    expect(stdout).toContain(`<style data-page-stylesheet="${at}/catalog/${css[0]}">`);
    expect(stdout).toContain('<script type="application/json" data-page-state="api">');
  }, 30_000);
});

describe('checkRemoteManifest', () => {
  const shared = (name: string, version: string, requiredVersion = `^${version}`) => ({ name, version, requiredVersion, singleton: true });
  const host: FederationManifest = {
    name: 'shell',
    metaData: { buildInfo: { buildVersion: '0.1.0' } },
    shared: [shared('react', '19.3.1'), shared('react-router', '7.18.5'), shared('@grocer/shared', '0.1.0', '0.1.0')],
    exposes: [],
  };
  const catalog = (change: Partial<FederationManifest> = {}): FederationManifest => ({
    name: 'catalog',
    metaData: { buildInfo: { buildVersion: '1.4.0', buildName: '@grocer/mf-catalog' } },
    shared: [shared('react', '19.3.1'), shared('@grocer/shared', '0.1.0', '0.1.0')],
    exposes: REMOTE_EXPOSES.catalog.map((name) => ({ name, path: `./${name}` })),
    ...change,
  });

  it('accepts a remote that matches the contract', () => {
    expect(checkRemoteManifest('catalog', catalog(), host)).toEqual([]);
  });

  it('reports a remote built against another major of a shared singleton', () => {
    const react18 = catalog({ shared: [shared('react', '18.3.1'), shared('@grocer/shared', '0.1.0', '0.1.0')] });
    expect(checkRemoteManifest('catalog', react18, host)).toEqual([
      "requires react ^18.3.1, another release line than the shell's ^19.3.1",
    ]);
  });

  it('treats a 0.x minor as a release line (@grocer/shared 0.2 is not 0.1)', () => {
    const next = catalog({ shared: [shared('react', '19.3.1'), shared('@grocer/shared', '0.2.0', '0.2.0')] });
    expect(checkRemoteManifest('catalog', next, host)).toEqual([
      "requires @grocer/shared 0.2.0, another release line than the shell's 0.1.0",
    ]);
  });

  it('reports a range on the same major that the shell’s version does not satisfy', () => {
    const newer = catalog({ shared: [shared('react', '19.4.0')] });
    expect(checkRemoteManifest('catalog', newer, host)).toEqual(['requires react ^19.4.0, but the shell provides 19.3.1']);
  });

  it('reports a singleton the remote shares as a plain module, or that the shell does not provide', () => {
    const plain = catalog({ shared: [{ ...shared('react', '19.3.1'), singleton: false }, shared('redux', '5.0.1')] });
    expect(checkRemoteManifest('catalog', plain, host)).toEqual([
      "shares react without singleton: true; the shell's copy is a singleton",
      'shares redux as a singleton, but the shell does not provide it',
    ]);
  });

  it('reports missing and unexpected exposed modules, a wrong name and a missing version', () => {
    const drifted = catalog({
      name: 'catalogue',
      metaData: {},
      exposes: [...REMOTE_EXPOSES.catalog.filter((name) => name !== 'SearchBox').map((name) => ({ name })), { name: 'SearchWidget' }],
    });
    expect(checkRemoteManifest('catalog', drifted, host)).toEqual([
      'is named "catalogue", but the shell loads it as "catalog"',
      'carries no release version in metaData.buildInfo.buildVersion (got undefined)',
      'does not expose SearchBox, which the shell loads as catalog/SearchBox',
      'exposes SearchWidget, which is not in the contract (REMOTE_EXPOSES in @grocer/shared)',
    ]);
  });

  it.each([
    ['^19.3.1', '19'],
    ['~7.18.5', '7'],
    ['>=2.14.0', '2'],
    ['0.1.0', '0.1'],
    ['^0.0.3', '0.0.3'],
    ['*', '*'],
  ])('releaseLine(%s) is %s', (range, line) => {
    expect(releaseLine(range)).toBe(line);
  });
});
