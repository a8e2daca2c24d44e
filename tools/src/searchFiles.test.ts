// The shell's origin answers /robots.txt and /sitemap.xml (and its parts) with the API's answers, in
// the static server `npm start` and the e2e stack use; docker's nginx does the same (ops/nginx.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { searchFileOnApi } from './searchFiles.ts';
import { createStaticServer } from './static-server.ts';

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

describe('searchFileOnApi', () => {
  it('maps the search engines’ files to the API, and nothing else', () => {
    expect(searchFileOnApi('/robots.txt')).toBe('/open/robots.txt');
    expect(searchFileOnApi('/sitemap.xml')).toBe('/open/sitemap.xml');
    expect(searchFileOnApi('/sitemap-2.xml')).toBe('/open/sitemap/2');
    for (const other of ['/sitemap-0.xml', '/sitemap-x.xml', '/store/robots.txt', '/robots.txt/', '/main.0123456789.js', '/']) {
      expect(searchFileOnApi(other)).toBeUndefined();
    }
  });
});

describe('the shell’s static server', () => {
  let dir: string;
  let api: FastifyInstance;
  let shell: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    api = Fastify();
    api.get('/open/robots.txt', (_req, reply) => reply.type('text/plain; charset=utf-8').send('User-agent: *\nAllow: /\n'));
    api.get('/open/sitemap.xml', (_req, reply) =>
      reply.header('cache-control', 'public, max-age=60').type('application/xml').send('<urlset/>'),
    );
    await api.listen({ port: 0, host: '127.0.0.1' });
    dir = mkdtempSync(path.join(os.tmpdir(), 'grocer-search-files-'));
    writeFileSync(path.join(dir, 'index.html'), '<h1>shell</h1>');
    const apiUrl = `http://127.0.0.1:${portOf(api)}`;
    shell = await createStaticServer({
      root: dir,
      port: 0,
      spa: true,
      passOn: (pathname) => {
        const onApi = searchFileOnApi(pathname);
        return onApi && `${apiUrl}${onApi}`;
      },
    });
    base = `http://127.0.0.1:${portOf(shell)}`;
  });

  afterAll(async () => {
    await Promise.all([shell.close(), api.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the API’s robots.txt and sitemap as the API sent them', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toBe('User-agent: *\nAllow: /\n');
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(sitemap.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await sitemap.text()).toBe('<urlset/>');
    // The API's 404 for a part it does not have stays a 404, not the app's page.
    expect((await fetch(`${base}/sitemap-7.xml`)).status).toBe(404);
  });

  it('still serves the app for page navigations', async () => {
    expect(await (await fetch(`${base}/store/x`)).text()).toContain('<h1>shell</h1>');
  });
});
