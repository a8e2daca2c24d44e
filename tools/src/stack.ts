// Runs the composed stack from built output: the API as a child process and one static server
// per app, each on its own origin. Used by `npm start` and by the e2e suite (on free ports).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { APPS, PRESENT_APPS, runtimeDocuments, type AppDir, type StackPorts } from './ports.ts';
import { loadShellPages, shellFileOf, type PageRenderer } from './shellPages.ts';
import { searchFileOnApi } from './searchFiles.ts';
import { createStaticServer, indexHtmlOf } from './static-server.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const BUILD_MARKER: Record<AppDir, string> = {
  shell: 'index.html',
  'mf-catalog': 'mf-manifest.json',
  'mf-cart-checkout': 'mf-manifest.json',
  'mf-account': 'mf-manifest.json',
  'mf-orders': 'mf-manifest.json',
  'mf-ops': 'mf-manifest.json',
};

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** An app needs a build when its dist is missing or older than its sources, shared or the build config. */
export function needsBuild(dir: AppDir): boolean {
  const marker = path.join(REPO_ROOT, dir, 'dist', BUILD_MARKER[dir]);
  if (!existsSync(marker)) return true;
  const sources = [
    path.join(REPO_ROOT, dir, 'src'),
    path.join(REPO_ROOT, dir, 'package.json'),
    path.join(REPO_ROOT, dir, 'rspack.config.ts'),
    path.join(REPO_ROOT, 'shared/src'),
    path.join(REPO_ROOT, 'tools/src/rspack.ts'),
    path.join(REPO_ROOT, 'tools/src/mf.ts'),
    path.join(REPO_ROOT, 'tools/src/shared-entries'),
  ];
  return Math.max(...sources.map(newestMtime)) > statSync(marker).mtimeMs;
}

export function buildApp(dir: AppDir, log: (line: string) => void = console.log): void {
  log(`building ${dir} ...`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', dir], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build of ${dir} failed (exit ${result.status})`);
  log(`built ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds every app that is missing or older than its sources. One process builds at a time: jest
 * workers (budgets, remote contract, `npm start`'s test), the e2e setup and `npm start` all come here,
 * and two rspack runs into one dist once left a broken build whose marker said it was current.
 */
export function buildMissing(log: (line: string) => void = console.log): void {
  withBuildLock(() => {
    for (const { dir } of PRESENT_APPS) if (needsBuild(dir)) buildApp(dir, log);
  });
}

const BUILD_LOCK = path.join(os.tmpdir(), `grocer-build-${createHash('sha1').update(REPO_ROOT).digest('hex').slice(0, 12)}.lock`);

/** Runs `fn` holding this checkout's build lock (a folder, made atomically), waiting while another live process holds it. */
function withBuildLock(fn: () => void): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (!holderAlive()) rmSync(BUILD_LOCK, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    writeFileSync(path.join(BUILD_LOCK, 'pid'), String(process.pid));
    fn();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/** Whether the lock's holder still runs; a lock made in the last few seconds may not have its pid yet. */
function holderAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(BUILD_LOCK, 'pid'), 'utf8'));
  } catch {
    try {
      return Date.now() - statSync(BUILD_LOCK).mtimeMs < 10_000;
    } catch {
      return false; // gone meanwhile: the next attempt takes it
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A port nobody listens on right now (the OS picks it). */
/**
 * `count` ports free now and different from each other: each is held until all are chosen, since a
 * port let go at once may be handed out again to the next ask.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = held.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Ports for a whole stack that runs beside anything else on the machine (benchmarks, tests). Two parts
 * given one port would have the second fail to start while the first answers for it (the shell's
 * server once answered the API's health check, and the tests then read its page as the API's JSON).
 */
export async function freeStackPorts(): Promise<StackPorts> {
  const [api, ...rest] = await freePorts(APPS.length + 1);
  const apps = Object.fromEntries(APPS.map((a, i) => [a.dir, rest[i]!] as const)) as Record<AppDir, number>;
  return { api: api!, apps };
}

export interface StackOptions {
  ports: StackPorts;
  /** Folder served for each app; defaults to `<app>/dist`. */
  roots?: Partial<Record<AppDir, string>>;
  /** Extra env for the API process (e.g. PGLITE_DATA_DIR for an isolated test database). */
  apiEnv?: NodeJS.ProcessEnv;
  /** Where the API's output goes; 'inherit' for `npm start`. */
  apiStdio?: 'inherit' | 'ignore';
  /** How long the API may take to answer /health; 60 s unless given. */
  apiStartTimeoutMs?: number;
}

export interface RunningApp {
  dir: AppDir;
  port: number;
  root: string;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface Stack {
  apps: Record<AppDir, RunningApp>;
  apiUrl: string;
  /** What the shell serves as /remotes.json now; `setRemotes` points it at other remotes, no restart (e2e). */
  remotes(): Record<string, string>;
  setRemotes(remotes: Record<string, string>): void;
  api: { stop(): Promise<void>; start(): Promise<void> };
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode} before it was healthy`);
    try {
      // The API's own answer (JSON), not a page from whatever else may listen there.
      const response = await fetch(`${url}/health`);
      if (response.ok && response.headers.get('content-type')?.startsWith('application/json')) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The API's output in a test or bench stack: dropped, unless whoever runs it asks with LOG_LEVEL
 * (`LOG_LEVEL=info npx playwright test tests/x.spec.ts`; with LOG_VERBOSE=1 for the verbose form).
 */
export function apiOutputUnlessAsked(env: NodeJS.ProcessEnv = process.env): Required<Pick<StackOptions, 'apiStdio' | 'apiEnv'>> {
  return env.LOG_LEVEL
    ? { apiStdio: 'inherit', apiEnv: { LOG_LEVEL: env.LOG_LEVEL } }
    : { apiStdio: 'ignore', apiEnv: { LOG_LEVEL: 'silent' } };
}

/** A served shell folder holding this file is served without the page step (see startStack). */
export const NO_PAGE_STEP = 'no-page-step';

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports } = options;
  const docs = runtimeDocuments(ports);
  const apiUrl = docs.config.apiBaseUrl;
  let remotes: Record<string, string> = docs.remotes;

  /**
   * The shell's page server (its build's dist/server/pages.mjs, shellPages.ts) for the shell folder
   * `root`, loaded on the first page asked for. A folder holding a `no-page-step` file, or a build
   * without it, is served without it (index.html as it is): bench:web measures a build that way
   * against the browser's own rendering (BENCH_BEFORE).
   */
  const shellPages = (root: string): PageRenderer => {
    let renderer: Promise<PageRenderer | null> | undefined;
    return async (url) => {
      if (existsSync(path.join(root, NO_PAGE_STEP))) return null;
      renderer ??= loadShellPages(root, {
        indexHtml: indexHtmlOf(root),
        shellFile: shellFileOf(root),
        documents: () => ({ apiBaseUrl: docs.config.apiBaseUrl, remotes }),
      }).catch((error: unknown) => {
        console.error(`[pages] ${root}: no page server, pages are drawn by the browser`, error);
        return null;
      });
      const render = await renderer;
      return render ? render(url) : null;
    };
  };

  let apiChild: ChildProcess | null = null;
  const api = {
    async start() {
      apiChild = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api/src/server.ts')], {
        cwd: REPO_ROOT,
        env: {
          // Development, on the loopback only: the API then serves its /dev stand-ins (PayPal, Google, mailbox).
          NODE_ENV: 'development',
          API_HOST: 'localhost',
          ...process.env,
          API_PORT: String(ports.api),
          CORS_ORIGINS: `http://localhost:${ports.apps.shell},http://127.0.0.1:${ports.apps.shell}`,
          PUBLIC_SHELL_URL: `http://localhost:${ports.apps.shell}`,
          ...options.apiEnv,
        },
        stdio: options.apiStdio ?? 'inherit',
      });
      await waitForHealth(apiUrl, apiChild, options.apiStartTimeoutMs);
    },
    stop: () => stopChild(apiChild),
  };

  // Only the apps of this checkout: `apps` has no entry for a remote whose folder is absent.
  const apps = {} as Record<AppDir, RunningApp>;
  for (const { dir } of PRESENT_APPS) {
    const root = options.roots?.[dir] ?? path.join(REPO_ROOT, dir, 'dist');
    let server: FastifyInstance | null = null;
    const running: RunningApp = {
      dir,
      port: ports.apps[dir],
      root,
      url: `http://localhost:${ports.apps[dir]}`,
      async start() {
        server = await createStaticServer({
          root,
          port: ports.apps[dir],
          spa: dir === 'shell',
          documents: dir === 'shell' ? () => ({ '/remotes.json': remotes, '/config.json': docs.config }) : {},
          pages: dir === 'shell' ? shellPages(root) : undefined,
          passOn:
            dir === 'shell'
              ? (pathname) => {
                  const onApi = searchFileOnApi(pathname);
                  return onApi && `${apiUrl}${onApi}`;
                }
              : undefined,
        });
      },
      async stop() {
        await server?.close();
        server = null;
      },
    };
    apps[dir] = running;
  }

  await Promise.all([api.start(), ...Object.values(apps).map((app) => app.start())]);
  return {
    apps,
    apiUrl,
    remotes: () => ({ ...remotes }),
    setRemotes(next) {
      remotes = { ...next };
    },
    api,
    async stop() {
      await Promise.all([api.stop(), ...Object.values(apps).map((app) => app.stop())]);
    },
  };
}
