import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { cacheControlFor, createStaticServer, isSourceMap } from './static-server.ts';
import { rawGet as rawGetFrom, SOURCE_MAP_SPELLINGS } from './testing/rawHttp.ts';

const INLINE = "if (location.pathname === '/') document.documentElement.dataset.firstRoute = 'home';";
/** The shell's preloads of its runtime documents, as its build writes them. */
const PRELOADS =
  '<link rel="preload" href="/config.json" as="fetch" crossorigin><link rel="preload" href="/remotes.json" as="fetch" crossorigin>';

describe('static server', () => {
  let dir: string;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'grocer-static-'));
    const root = path.join(dir, 'dist');
    mkdirSync(root);
    writeFileSync(
      path.join(root, 'index.html'),
      `<script>${INLINE}</script>${PRELOADS}<script defer src="/main.0123456789.js"></script><h1>shell</h1>`,
    );
    writeFileSync(path.join(root, 'main.0123456789.js.map'), '{"version":3}');
    writeFileSync(path.join(root, 'main.0123456789.js'), 'console.log("x");'.repeat(200));
    writeFileSync(path.join(root, 'mf-manifest.json'), '{"name":"catalog"}');
    app = await createStaticServer({
      root,
      port: 0,
      spa: true,
      documents: { '/remotes.json': { catalog: 'http://x/mf-manifest.json' }, '/config.json': { apiBaseUrl: 'http://api.test:4100' } },
    });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('marks hashed assets immutable and everything else no-cache', () => {
    expect(cacheControlFor('/x/main.0123456789.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    // A remote's pages (routes.json): a release that adds one is seen on the next page load.
    expect(cacheControlFor('/x/routes.json')).toBe('no-cache');
    expect(cacheControlFor('/x/main.0123456789.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/remoteEntry.js.gz')).toBe('no-cache');
    // A remote's first screen (tools/src/rspack.ts createFirstScreenConfig), named by its routes.json.
    expect(cacheControlFor('/x/first-screen/CartPage.0123456789.js')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build’s precompressed copy when there is one', async () => {
    const root = path.join(dir, 'dist');
    writeFileSync(path.join(root, 'chunk.9876543210.js'), 'console.log("plain");'.repeat(100));
    writeFileSync(path.join(root, 'chunk.9876543210.js.br'), zlib.brotliCompressSync('console.log("precompressed");'));
    const res = await fetch(`${base}/chunk.9876543210.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("precompressed");');
  });

  it('serves hashed JS compressed, immutable, with CORS', async () => {
    const res = await fetch(`${base}/main.0123456789.js`, { headers: { 'accept-encoding': 'br, gzip', origin: 'http://localhost:3000' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves manifests and runtime documents no-cache', async () => {
    const manifest = await fetch(`${base}/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const remotes = await fetch(`${base}/remotes.json`);
    expect(remotes.headers.get('cache-control')).toBe('no-cache');
    expect(await remotes.json()).toEqual({ catalog: 'http://x/mf-manifest.json' });
  });

  it('serves a remote’s server build (server/) as its browser files: entry and manifest no-cache, hashed chunks immutable', async () => {
    const server = path.join(dir, 'dist', 'server');
    mkdirSync(server, { recursive: true });
    writeFileSync(path.join(server, 'mf-manifest.json'), '{"name":"catalog","metaData":{"remoteEntry":{"type":"commonjs-module"}}}');
    writeFileSync(path.join(server, 'remoteEntry.js'), 'module.exports.catalog = {};');
    writeFileSync(path.join(server, '__federation_expose_StorePage.0123456789.js'), 'exports.ids = [1];');
    const expected = {
      'mf-manifest.json': 'no-cache',
      'remoteEntry.js': 'no-cache',
      '__federation_expose_StorePage.0123456789.js': 'public, max-age=31536000, immutable',
    };
    for (const [file, cacheControl] of Object.entries(expected)) {
      const res = await fetch(`${base}/server/${file}`, { headers: { origin: 'http://localhost:3000' } });
      expect({
        file,
        status: res.status,
        cacheControl: res.headers.get('cache-control'),
        cors: res.headers.get('access-control-allow-origin'),
      }).toEqual({
        file,
        status: 200,
        cacheControl,
        cors: '*',
      });
    }
    expect((await fetch(`${base}/server/gone.js`)).status).toBe(404);
  });

  it('serves a remote’s first screens (first-screen/) as every hashed chunk: immutable, a script, to any origin; never their maps', async () => {
    const folder = path.join(dir, 'dist', 'first-screen');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'CartPage.0123456789.js'), 'export default { reads: () => null, draw: () => null };');
    writeFileSync(path.join(folder, 'CartPage.0123456789.js.map'), '{"version":3}');
    const res = await fetch(`${base}/first-screen/CartPage.0123456789.js`, { headers: { origin: 'http://localhost:3000' } });
    expect({
      status: res.status,
      cacheControl: res.headers.get('cache-control'),
      cors: res.headers.get('access-control-allow-origin'),
      type: res.headers.get('content-type'),
    }).toEqual({
      status: 200,
      cacheControl: 'public, max-age=31536000, immutable',
      cors: '*',
      type: expect.stringMatching(/^(application|text)\/javascript\b/),
    });
    expect((await fetch(`${base}/first-screen/CartPage.0123456789.js.map`)).status).toBe(404);
  });

  it('answers client-side routes with index.html but keeps missing assets 404', async () => {
    const page = await fetch(`${base}/store/abc`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>shell</h1>');
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('writes the runtime documents into every page in place of their preloads, and still serves them', async () => {
    // With and without compression: @fastify/static answers `/` apart for each (a client that asks
    // for none once got 403).
    for (const [url, encoding] of [
      ['/', 'identity'],
      ['/', 'br, gzip'],
      ['/store/abc', 'identity'],
    ] as const) {
      const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>shell</h1>');
      expect(html).not.toContain('rel="preload"');
      expect(html).toContain(
        '<link rel="preconnect" href="http://api.test:4100" crossorigin><link rel="preconnect" href="http://api.test:4100">' +
          '<script type="application/json" data-runtime-document="/config.json">{"apiBaseUrl":"http://api.test:4100"}</script>' +
          '<script type="application/json" data-runtime-document="/remotes.json">{"catalog":"http://x/mf-manifest.json"}</script>',
      );
    }
    expect(await (await fetch(`${base}/config.json`)).json()).toEqual({ apiBaseUrl: 'http://api.test:4100' });
  });

  it('serves a swapped folder without a restart', async () => {
    const root = path.join(dir, 'dist');
    const next = path.join(dir, 'next');
    mkdirSync(next);
    writeFileSync(path.join(next, 'mf-manifest.json'), '{"name":"catalog","version":"2"}');
    renameSync(root, path.join(dir, 'old'));
    renameSync(next, root);
    expect(await (await fetch(`${base}/mf-manifest.json`)).json()).toEqual({ name: 'catalog', version: '2' });
  });

  it("sends a CSP of our origins, the remotes' and the API's, PayPal's and Google's, with the page's inline scripts by hash", async () => {
    // Written now: an earlier test swaps the folder; the policy follows the page as it is on disk.
    writeFileSync(path.join(dir, 'dist', 'index.html'), `<script>${INLINE}</script><h1>shell</h1>`);
    for (const url of ['/', '/store/x', '/main.0123456789.js']) {
      const res = await fetch(`${base}${url}`);
      const csp = res.headers.get('content-security-policy')!;
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      const hash = createHash('sha256').update(INLINE).digest('base64');
      expect(directive('script-src')).toBe(
        `script-src 'self' http://x http://api.test:4100 https://*.paypal.com https://*.paypalobjects.com https://accounts.google.com 'sha256-${hash}'`,
      );
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('reads documents given as a function on every request, and its CSP follows their origins', async () => {
    let remotes: Record<string, string> = { catalog: 'http://x/mf-manifest.json' };
    const root = path.join(dir, 'dist');
    const shell = await createStaticServer({ root, port: 0, spa: true, documents: () => ({ '/remotes.json': remotes }) });
    try {
      const address = shell.server.address();
      const at = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const scriptSrc = async () =>
        (await fetch(`${at}/`)).headers
          .get('content-security-policy')!
          .split('; ')
          .find((d) => d.startsWith('script-src '));
      expect(await scriptSrc()).not.toContain('http://ops.test:3005');
      remotes = { ...remotes, ops: 'http://ops.test:3005/mf-manifest.json' };
      expect(await (await fetch(`${at}/remotes.json`)).json()).toEqual(remotes);
      expect(await scriptSrc()).toContain("'self' http://x http://ops.test:3005 ");
    } finally {
      await shell.close();
    }
  });

  /** The build's script and its source map, in the folder served now; returns the script. */
  const writeScriptAndMap = () => {
    const script = 'console.log("mapped");';
    writeFileSync(path.join(dir, 'dist', 'main.0123456789.js'), script);
    writeFileSync(path.join(dir, 'dist', 'main.0123456789.js.map'), '{"version":3,"mappings":"AAAA"}');
    return script;
  };

  const rawGet = (target: string) => rawGetFrom(Number(new URL(base).port), target);

  it.each(SOURCE_MAP_SPELLINGS)('never serves a source map, spelled %s', async (spelling) => {
    // Written now: an earlier test swaps the folder.
    const served = writeScriptAndMap();
    expect((await rawGet('/main.0123456789.js')).body).toBe(served);
    const res = await rawGet(spelling);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('"version":3');
  });

  it('serves the script beside it, in an encoded spelling too', async () => {
    writeScriptAndMap();
    // The rule is the source map's, not every encoded path's.
    for (const spelling of ['/main.0123456789.js', '/main.0123456789.j%73']) {
      const res = await rawGet(spelling);
      expect([spelling, res.status]).toEqual([spelling, 200]);
    }
  });

  it('tells a source map by the path it serves', () => {
    expect(isSourceMap('/a/b.js.map')).toBe(true);
    expect(isSourceMap('/a/b.js.m%61p')).toBe(true);
    expect(isSourceMap('/a/b.js.m%2561p')).toBe(true);
    expect(isSourceMap('/a/b.js.map/..')).toBe(false);
    expect(isSourceMap('/a/b.js')).toBe(false);
    expect(isSourceMap('/sitemap.xml')).toBe(false);
    expect(isSourceMap('/a/%E0%A4%A.map')).toBe(true);
  });
});
