// The images' nginx, run: the remote and shell configs as the images ship them (rebuilt under a scratch
// prefix, as `npm run ops:check` does for `nginx -t`), serving a build with a source map, asked for that
// map in every spelling, and the shell's in front of a stand-in for its page server. Needs Debian's nginx; ops:check installs it and sets GROCER_REQUIRE_NGINX=1,
// so there a missing nginx fails this file instead of skipping it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../stack.ts';
import { rawGet, SOURCE_MAP_SPELLINGS } from '../testing/rawHttp.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => spawnSync(bin, ['-v']).status === 0);
if (!NGINX && process.env.GROCER_REQUIRE_NGINX === '1') throw new Error('nginx is missing (Debian: apt-get install nginx)');
const describeWithNginx = NGINX ? describe : describe.skip;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const MAP = '{"version":3,"mappings":"AAAA"}';
const SCRIPT = 'console.log("mapped");';
const SERVER_BUILD = {
  'mf-manifest.json': '{"name":"catalog"}',
  'remoteEntry.js': 'module.exports.catalog = {};',
  '__federation_expose_StorePage.0123456789.js': 'exports.ids = [1];',
};
/** A remote's first screen (tools/src/rspack.ts createFirstScreenConfig), an ES module the shell's entry imports. */
const FIRST_SCREEN = { file: 'CartPage.0123456789.js', body: 'export default { reads: () => null, draw: () => null };' };
/** The shell's server build: its page server, which the shell's origin never serves. */
const SHELL_SERVER_BUILD = { 'pages.mjs': 'export function createPageServer() {}' };
const INDEX_HTML = '<h1>shell</h1>';

/**
 * A stand-in for the shell's page server (tools/src/bin/page-server.ts), as nginx meets it: a rendered
 * page (with the Host and scheme it was asked for), a 404 for a page it leaves to the browser, a
 * failure, and a page that never comes.
 */
function standInPageServer() {
  return http.createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path.startsWith('/rendered/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(`<h1>rendered ${String(req.headers['x-forwarded-proto'])}://${String(req.headers.host)}${req.url}</h1>`);
    } else if (path === '/broken') {
      res.writeHead(500).end('{"message":"boom"}');
    } else if (path !== '/slow') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not rendered here"}');
    }
  });
}

describeWithNginx.each(['remote', 'shell'])('the %s image’s nginx', (image) => {
  let dir: string;
  let port: number;
  let nginx: ChildProcess;
  let pageServer: http.Server;

  beforeAll(async () => {
    pageServer = standInPageServer();
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    dir = mkdtempSync(path.join(tmpdir(), `grocer-nginx-${image}-`));
    const html = path.join(dir, 'html');
    mkdirSync(path.join(dir, 'conf.d'));
    mkdirSync(path.join(dir, 'grocer'));
    mkdirSync(html);
    writeFileSync(path.join(html, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(html, 'main.0123456789.js'), SCRIPT);
    writeFileSync(path.join(html, 'main.0123456789.js.map'), MAP);
    // A remote's server build beside its browser one (tools/src/rspack.ts createServerConfig).
    mkdirSync(path.join(html, 'server'));
    const serverBuild = image === 'shell' ? SHELL_SERVER_BUILD : SERVER_BUILD;
    for (const [file, body] of Object.entries(serverBuild)) writeFileSync(path.join(html, 'server', file), body);
    mkdirSync(path.join(html, 'first-screen'));
    writeFileSync(path.join(html, 'first-screen', FIRST_SCREEN.file), FIRST_SCREEN.body);
    writeFileSync(path.join(html, 'first-screen', `${FIRST_SCREEN.file}.map`), MAP);
    for (const entry of [dir, html, path.join(html, 'server'), path.join(html, 'first-screen')]) chmodSync(entry, 0o755);
    port = await freePort();
    // The image's layout, at a scratch prefix: its port, its root and its include folder.
    const rewrite = (file: string) =>
      readFileSync(path.join(REPO_ROOT, file), 'utf8')
        .replaceAll('/etc/nginx/grocer/', `${dir}/grocer/`)
        .replace(/^listen 8080;/m, `listen 127.0.0.1:${port};`)
        .replace('root /usr/share/nginx/html;', `root ${html};`)
        .replaceAll('/tmp/grocer-runtime/', `${dir}/runtime/`)
        .replace(
          'set $page_step http://shell-pages:8080;',
          `set $page_step http://127.0.0.1:${(pageServer.address() as net.AddressInfo).port};`,
        );
    writeFileSync(path.join(dir, 'grocer', 'static-server.inc'), rewrite('docker/nginx/static-server.inc'));
    for (const file of ['docker/nginx/grocer-http.conf', `docker/nginx/${image}.conf`]) {
      writeFileSync(path.join(dir, 'conf.d', path.basename(file)), rewrite(file));
    }
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log stderr error;\nevents { worker_connections 64; }\n` +
        `http {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n  include ${dir}/conf.d/*.conf;\n}\n`,
    );
    nginx = spawn(NGINX!, ['-p', `${dir}/`, '-c', `${dir}/nginx.conf`, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    for (let i = 0; ; i++) {
      try {
        await rawGet(port, '/main.0123456789.js');
        break;
      } catch (err) {
        if (i > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`, { cause: err });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    pageServer.closeAllConnections();
    await new Promise((resolve) => pageServer.close(resolve));
  });

  it('serves the script', async () => {
    expect(await rawGet(port, '/main.0123456789.js')).toMatchObject({ status: 200, body: SCRIPT });
    expect(await rawGet(port, '/main.0123456789.j%73')).toMatchObject({ status: 200, body: SCRIPT });
  });

  if (image === 'remote') {
    it('serves its server build (server/) as the browser files: entry and manifest no-cache, hashed chunks immutable', async () => {
      for (const [file, body] of Object.entries(SERVER_BUILD)) {
        const res = await fetch(`http://127.0.0.1:${port}/server/${file}`);
        expect({ file, status: res.status, body: await res.text(), cacheControl: res.headers.get('cache-control') }).toEqual({
          file,
          status: 200,
          body,
          cacheControl: /\.[0-9a-f]{10}\.js$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
    });
  }

  if (image === 'remote') {
    it('serves its first screens (first-screen/) as every hashed chunk: immutable, a script, to any origin; never their maps', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/first-screen/${FIRST_SCREEN.file}`, { headers: { origin: 'http://shop.test' } });
      expect({
        status: res.status,
        body: await res.text(),
        cacheControl: res.headers.get('cache-control'),
        cors: res.headers.get('access-control-allow-origin'),
        type: res.headers.get('content-type'),
      }).toEqual({
        status: 200,
        body: FIRST_SCREEN.body,
        cacheControl: 'public, max-age=31536000, immutable',
        cors: '*',
        type: expect.stringMatching(/^(application|text)\/javascript\b/),
      });
      expect((await fetch(`http://127.0.0.1:${port}/first-screen/${FIRST_SCREEN.file}.map`)).status).toBe(404);
    });
  }

  if (image === 'shell') {
    it('never serves its own server build: the page server is not a file for browsers', async () => {
      for (const file of Object.keys(SHELL_SERVER_BUILD)) {
        const res = await fetch(`http://127.0.0.1:${port}/server/${file}`);
        expect({ status: res.status, body: await res.text() }).toEqual({
          status: 404,
          body: expect.not.stringContaining('createPageServer'),
        });
      }
      expect((await fetch(`http://127.0.0.1:${port}/server/`)).status).toBe(404);
    });

    it('sends a page navigation the page server renders, with the Host and scheme the shopper used', async () => {
      // Not fetch(): it sends its own Host.
      const res = await new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/rendered/store/x?page=2', headers: { host: 'shop.test' } }, (answer) => {
            let body = '';
            answer.setEncoding('utf8');
            answer.on('data', (chunk: string) => (body += chunk));
            answer.on('end', () => resolve(Object.assign(answer, { body })));
          })
          .on('error', reject);
      });
      expect({ status: res.statusCode, body: res.body, cacheControl: res.headers['cache-control'] }).toEqual({
        status: 200,
        body: '<h1>rendered http://shop.test/rendered/store/x?page=2</h1>',
        cacheControl: 'no-cache',
      });
    });

    it.each(['/account', '/broken'])('sends index.html as it is when the page server does not render %s', async (page) => {
      const res = await fetch(`http://127.0.0.1:${port}${page}`);
      expect({ status: res.status, body: await res.text() }).toEqual({ status: 200, body: INDEX_HTML });
    });

    it('sends index.html as it is after about 1 s when the page server does not answer', async () => {
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${port}/slow`);
      expect({ status: res.status, body: await res.text() }).toEqual({ status: 200, body: INDEX_HTML });
      const ms = Date.now() - started;
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(1_900);
    });
  }

  it.each(SOURCE_MAP_SPELLINGS)('never serves the source map, spelled %s', async (spelling) => {
    const res = await rawGet(port, spelling);
    expect(res.body).not.toContain('"mappings"');
    expect(res.status === 404 || (image === 'shell' && res.status === 200 && res.body === INDEX_HTML)).toBe(true);
  });
});
