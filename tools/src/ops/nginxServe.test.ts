// The images' nginx, run: the remote and shell configs as the images ship them (rebuilt under a scratch
// prefix, as `npm run ops:check` does for `nginx -t`), serving a build with a source map, asked for that
// map in every spelling. Needs Debian's nginx; ops:check installs it and sets GROCER_REQUIRE_NGINX=1,
// so there a missing nginx fails this file instead of skipping it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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

describeWithNginx.each(['remote', 'shell'])('the %s image’s nginx', (image) => {
  let dir: string;
  let port: number;
  let nginx: ChildProcess;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), `grocer-nginx-${image}-`));
    const html = path.join(dir, 'html');
    mkdirSync(path.join(dir, 'conf.d'));
    mkdirSync(path.join(dir, 'grocer'));
    mkdirSync(html);
    writeFileSync(path.join(html, 'index.html'), '<h1>shell</h1>');
    writeFileSync(path.join(html, 'main.0123456789.js'), SCRIPT);
    writeFileSync(path.join(html, 'main.0123456789.js.map'), MAP);
    // A remote's server build beside its browser one (tools/src/rspack.ts createServerConfig).
    mkdirSync(path.join(html, 'server'));
    for (const [file, body] of Object.entries(SERVER_BUILD)) writeFileSync(path.join(html, 'server', file), body);
    for (const entry of [dir, html, path.join(html, 'server')]) chmodSync(entry, 0o755);
    port = await freePort();
    // The image's layout, at a scratch prefix: its port, its root and its include folder.
    const rewrite = (file: string) =>
      readFileSync(path.join(REPO_ROOT, file), 'utf8')
        .replaceAll('/etc/nginx/grocer/', `${dir}/grocer/`)
        .replace(/^listen 8080;/m, `listen 127.0.0.1:${port};`)
        .replace('root /usr/share/nginx/html;', `root ${html};`);
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
  });

  it('serves the script', async () => {
    expect(await rawGet(port, '/main.0123456789.js')).toMatchObject({ status: 200, body: SCRIPT });
    expect(await rawGet(port, '/main.0123456789.j%73')).toMatchObject({ status: 200, body: SCRIPT });
  });

  it('serves a server build (server/) as the browser files: entry and manifest no-cache, hashed chunks immutable', async () => {
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

  it.each(SOURCE_MAP_SPELLINGS)('never serves the source map, spelled %s', async (spelling) => {
    const res = await rawGet(port, spelling);
    expect(res.body).not.toContain('"mappings"');
    expect(res.status === 404 || (image === 'shell' && res.status === 200 && res.body === '<h1>shell</h1>')).toBe(true);
  });
});
