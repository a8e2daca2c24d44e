// The images' nginx configs say what tools/src/static-server.ts says (`nginx -t` in `npm run ops:check`
// checks their syntax), the gateway finds scaled API replicas, and the shell's entrypoint writes the
// runtime documents the shell reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_EXPOSES } from '@grocer/shared/contracts';
import { contentSecurityPolicy, inlineScriptHashes } from '../csp.ts';
import { CSP_ORIGINS_PLACEHOLDER } from '../rspack.ts';
import { APPS } from '../ports.ts';
import { HASHED } from '../static-server.ts';
import { apiPreconnects, dataBlockOf, inlineRuntimeDocuments } from '../runtimeDocuments.ts';
import { REPO_ROOT } from '../stack.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
/** Where the shell's entrypoint writes what nginx reads at start (its GROCER_RUNTIME_DIR default). */
const RUNTIME_DIR = /GROCER_RUNTIME_DIR:-([^}]+)\}/.exec(read('docker/shell/40-grocer-runtime-documents.sh'))?.[1];

/** The bodies of every `location ... { }` block (nested braces included). */
function locationBlocks(conf: string): string[] {
  const blocks: string[] = [];
  for (const match of conf.matchAll(/^\s*location\b[^{]*\{/gm)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < conf.length && depth > 0; i++) depth += conf[i] === '{' ? 1 : conf[i] === '}' ? -1 : 0;
    blocks.push(conf.slice(start, i - 1));
  }
  return blocks;
}

describe('static images (shell and remotes)', () => {
  it('cache exactly what static-server.ts caches forever; everything else is revalidated', () => {
    const http = read('docker/nginx/grocer-http.conf');
    expect(http).toContain(`"~${HASHED.source}" "public, max-age=31536000, immutable";`);
    expect(http).toMatch(/map \$uri \$grocer_cache_control \{\s*default "no-cache";/);
  });

  it('send nosniff and a referrer policy, a strict CSP from the remotes, and never a source map', () => {
    const common = read('docker/nginx/static-server.inc');
    expect(common).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(common).toContain('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');
    expect(common).toMatch(/location ~\* \\\.map\$ \{\s*return 404;\s*\}/);
    expect(read('docker/nginx/remote.conf')).toContain(
      `add_header Content-Security-Policy "default-src 'none'; frame-ancestors 'none'" always;`,
    );
  });

  it('send the CORS and cache headers on every response: no location overrides them with its own add_header', () => {
    const common = read('docker/nginx/static-server.inc');
    expect(common).toContain('add_header Access-Control-Allow-Origin "*" always;');
    expect(common).toContain('add_header Cache-Control $grocer_cache_control;');
    for (const file of ['docker/nginx/remote.conf', 'docker/nginx/shell.conf', 'docker/gateway/default.conf']) {
      expect(locationBlocks(read(file)).filter((block) => /\badd_header\b/.test(block))).toEqual([]);
    }
  });

  it('send the shell’s page navigations through the page step, and index.html as it is when it does not draw, fails or is absent', () => {
    const shell = read('docker/nginx/shell.conf');
    expect(shell).toMatch(/location \/ \{\s*try_files \$uri @page;\s*\}/);
    const page = /location @page \{([^}]*)\}/.exec(shell)?.[1] ?? '';
    // A variable: nginx starts without the step; the name is the compose service's.
    expect(page).toContain('set $page_step http://shell-pages:8080;');
    expect(page).toContain('proxy_pass $page_step;');
    expect(page).toContain('proxy_intercept_errors on;');
    expect(page).toContain('error_page 404 500 502 503 504 = @app;');
    expect(page).toContain('proxy_hide_header Cache-Control;');
    expect(shell).toMatch(/location @app \{\s*try_files \/index\.html =404;/);
  });

  it('write the runtime documents into the pages they send, from where the entrypoint writes them', () => {
    const shell = read('docker/nginx/shell.conf');
    const block = (name: string) => new RegExp(`location ${name} \\{([^}]*)\\}`).exec(shell)?.[1] ?? '';
    for (const name of ['@page', '@app']) expect(block(name)).toContain(`include ${RUNTIME_DIR}/documents*.conf;`);
    // sub_filter passes a compressed body by: the step is asked for a plain one, index.html sent from the plain file.
    expect(block('@page')).toContain('proxy_set_header Accept-Encoding "";');
    expect(block('@app')).toContain('gzip_static off;');
  });

  it('pass /robots.txt and the sitemap on to the API, before the asset rule would answer them 404', () => {
    const shell = read('docker/nginx/shell.conf');
    const at = shell.indexOf('location ~ ^/(robots\\.txt|sitemap(-[1-9][0-9]*)?\\.xml)$ {');
    expect(at).toBeGreaterThan(-1);
    expect(at).toBeLessThan(shell.indexOf('location ~ [^/]\\.[^/]+$ {'));
    const block = shell.slice(at, shell.indexOf('\n    }', at));
    // A variable: nginx starts without the API; the name is the compose service's.
    expect(block).toContain('set $search_files_api http://gateway:8080;');
    expect(block).toContain('rewrite ^/robots\\.txt$ /open/robots.txt break;');
    expect(block).toContain('rewrite ^/sitemap\\.xml$ /open/sitemap.xml break;');
    expect(block).toContain('rewrite ^/sitemap-([0-9]+)\\.xml$ /open/sitemap/$1 break;');
    expect(block).toContain('proxy_pass $search_files_api;');
  });

  it('serve the shell’s runtime documents from where the entrypoint writes them', () => {
    const shell = read('docker/nginx/shell.conf');
    for (const doc of ['remotes.json', 'config.json']) {
      expect(shell).toMatch(new RegExp(`location = /${doc.replace('.', '\\.')} \\{\\s*root ${RUNTIME_DIR};`));
    }
  });
});

describe('gateway', () => {
  it('re-resolves `api` through Docker’s DNS, so replicas added by --scale are found', () => {
    const conf = read('docker/gateway/default.conf');
    expect(conf).toMatch(/^resolver 127\.0\.0\.11 valid=\d+s/m);
    expect(conf).toMatch(/upstream grocer_api \{[^}]*zone grocer_api \d+k;[^}]*server api:4000 resolve\b/);
    expect(conf).toContain('proxy_pass http://grocer_api;');
  });

  it('runs an nginx that has `server ... resolve` (open source since 1.27.3)', () => {
    const tag = /^FROM nginxinc\/nginx-unprivileged:(\d+)\.(\d+)/m.exec(read('docker/gateway/Dockerfile'));
    const [major, minor] = [Number(tag?.[1]), Number(tag?.[2])];
    expect(major > 1 || (major === 1 && minor >= 28)).toBe(true);
  });
});

describe("the shell image's entrypoint script", () => {
  const script = path.join(REPO_ROOT, 'docker/shell/40-grocer-runtime-documents.sh');
  const env = {
    CATALOG_REMOTE_URL: 'https://cdn.example.com/mf-catalog/1.4.0/mf-manifest.json',
    CART_CHECKOUT_REMOTE_URL: 'http://localhost:3002/mf-manifest.json',
    ACCOUNT_REMOTE_URL: 'http://localhost:3003/mf-manifest.json',
    ORDERS_REMOTE_URL: 'http://localhost:3004/mf-manifest.json',
    OPS_REMOTE_URL: 'http://localhost:3005/mf-manifest.json',
    PUBLIC_API_URL: 'https://api.example.com',
    PUBLIC_ADMIN_URL: 'https://admin.example.com',
  };
  let dir: string;
  let html: string;
  const hashes = inlineScriptHashes('<script>document.documentElement.dataset.x = 1;</script>');
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'grocer-runtime-'));
    html = mkdtempSync(path.join(tmpdir(), 'grocer-html-'));
    // What the shell's build writes (tools/src/rspack.ts CspPlugin).
    writeFileSync(path.join(html, 'csp.txt'), `${contentSecurityPolicy([CSP_ORIGINS_PLACEHOLDER], hashes)}\n`);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(html, { recursive: true, force: true });
  });
  const run = (vars: Record<string, string>) =>
    spawnSync('sh', [script], {
      env: { PATH: process.env.PATH, GROCER_RUNTIME_DIR: dir, GROCER_HTML_DIR: html, ...vars },
      encoding: 'utf8',
    });

  it("writes the page's Content-Security-Policy for nginx: the build's, with the remotes' and the API's origins", () => {
    expect(run(env).status).toBe(0);
    const origins = [
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
      'http://localhost:3005',
      'https://api.example.com',
      'https://cdn.example.com',
    ];
    expect(readFileSync(path.join(dir, 'csp-header.conf'), 'utf8')).toBe(
      `add_header Content-Security-Policy "${contentSecurityPolicy(origins, hashes)}" always;\n`,
    );
    expect(read('docker/nginx/shell.conf')).toContain(`include ${RUNTIME_DIR}/csp-header*.conf;`);
  });

  it('writes /remotes.json (one entry per *_REMOTE_URL, keyed as the shell knows them) and /config.json from env', () => {
    expect(run(env).status).toBe(0);
    const remotes = JSON.parse(readFileSync(path.join(dir, 'remotes.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(remotes).sort()).toEqual(APPS.flatMap((a) => a.remote ?? []).sort());
    expect(Object.keys(remotes)).toEqual(expect.arrayContaining(Object.keys(REMOTE_EXPOSES)));
    expect(remotes.catalog).toBe(env.CATALOG_REMOTE_URL);
    expect(remotes.cartCheckout).toBe(env.CART_CHECKOUT_REMOTE_URL);
    expect(remotes.ops).toBe(env.OPS_REMOTE_URL);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({
      apiBaseUrl: 'https://api.example.com',
      adminUrl: 'https://admin.example.com',
      vitalsSampleRate: 1,
    });
    // The share of page loads that report Core Web Vitals, as JSON even when written without its zero.
    expect(run({ ...env, VITALS_SAMPLE_RATE: '.25' }).status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toMatchObject({ vitalsSampleRate: 0.25 });
  });

  it('writes the nginx rules that put both documents into the page in place of its preloads, as npm start does', () => {
    expect(run(env).status).toBe(0);
    const rules = readFileSync(path.join(dir, 'documents.conf'), 'utf8').trim().split('\n');
    // As the build writes it: a void element without its ` />`.
    const index = read('shell/src/index.html').replaceAll(/\s*\/>/g, '>');
    expect(rules).toHaveLength(2);
    for (const [i, route] of ['/config.json', '/remotes.json'].entries()) {
      const [, search, replacement] = /^sub_filter '([^']*)' '([^']*)';$/.exec(rules[i]!) ?? [];
      // Word for word what the shell's page has, and what tools/src/runtimeDocuments.ts writes in its place.
      expect(index).toContain(search);
      const document = JSON.parse(readFileSync(path.join(dir, route), 'utf8')) as unknown;
      // The config first opens the API's two connections (CORS calls, plain images).
      const before = route === '/config.json' ? apiPreconnects(document) : '';
      expect(before).toBe(
        route === '/config.json'
          ? '<link rel="preconnect" href="https://api.example.com" crossorigin><link rel="preconnect" href="https://api.example.com">'
          : '',
      );
      expect(replacement).toBe(`${before}${dataBlockOf(route, document)}`);
      expect(inlineRuntimeDocuments(search!, { [route]: document })).toBe(replacement);
    }
  });

  it('adds a remote by its variable alone, and leaves one out whose variable is empty (CSP included)', () => {
    const result = run({ ...env, OPS_REMOTE_URL: '', STORE_TOOLS_REMOTE_URL: 'https://tools.example.com/mf-manifest.json' });
    expect(result.status).toBe(0);
    const remotes = JSON.parse(readFileSync(path.join(dir, 'remotes.json'), 'utf8')) as Record<string, string>;
    expect(remotes.ops).toBeUndefined();
    expect(remotes.storeTools).toBe('https://tools.example.com/mf-manifest.json');
    const csp = readFileSync(path.join(dir, 'csp-header.conf'), 'utf8');
    expect(csp).toContain('https://tools.example.com');
    expect(csp).not.toContain('http://localhost:3005');
  });

  it('refuses to start, naming every bad variable, rather than serve a broken shop', () => {
    const result = run({
      ...env,
      CATALOG_REMOTE_URL: 'http://x"}',
      ACCOUNT_REMOTE_URL: "http://x'$y",
      PUBLIC_API_URL: '',
      ORDERS_REMOTE_URL: 'ftp://x',
      VITALS_SAMPLE_RATE: '2',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.match(/^grocer: [A-Z_]+/gm)).toEqual([
      'grocer: ACCOUNT_REMOTE_URL',
      'grocer: CATALOG_REMOTE_URL',
      'grocer: ORDERS_REMOTE_URL',
      'grocer: PUBLIC_API_URL',
      'grocer: VITALS_SAMPLE_RATE',
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
