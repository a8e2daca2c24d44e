// `npm start` as a newcomer meets it: the README's command, in a clean environment, on free ports and a
// fresh database. On a clean clone (CI) it also builds every app, so the builds' output is checked too.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { API_PORT_ENV, APPS } from '../ports.ts';
import { freeStackPorts, REPO_ROOT } from '../stack.ts';

/**
 * Lines of the start output that are known and explained in README.md ("The two commands"). A warning
 * not listed here fails the test: fix it, or explain it there and list it here.
 */
const EXPLAINED: readonly RegExp[] = [];
const WARNING = /\bwarn(ing)?s?\b|<w>|\berror\b|deprecat/i;

const START_TIMEOUT_MS = 360_000;

/** The environment of a newcomer's shell: none of the test runner's, npm's or the developer's settings. */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const drop = /^(npm_|NODE_OPTIONS$|NODE_ENV$|LOG_LEVEL$|LOG_VERBOSE$|DATABASE_URL$|PGLITE_DATA_DIR$|JEST_|FORCE_COLOR$)/;
  return { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !drop.test(name))), ...extra };
}

async function until(what: string, check: () => boolean, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`npm start: no ${what} within ${timeoutMs / 1000} s. Output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('npm start', () => {
  it(
    'starts without a warning, and the API logs a request as one line',
    async () => {
      const ports = await freeStackPorts();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-start-'));
      const env = newcomerEnv({
        ...Object.fromEntries(APPS.map((app) => [app.portEnv, String(ports.apps[app.dir])])),
        [API_PORT_ENV]: String(ports.api),
        PGLITE_DATA_DIR: dataDir,
      });
      // Its own process group, as a terminal runs it: Ctrl-C (SIGINT) reaches npm, tsx and the API.
      const child = spawn('npm', ['start'], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = once(child, 'exit');
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const text = () => stripVTControlCharacters(output);
      try {
        await until(
          '"press Ctrl-C to stop"',
          () => text().includes('press Ctrl-C to stop') || child.exitCode !== null,
          START_TIMEOUT_MS,
          text,
        );
        if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}. Output:\n${text()}`);
        const response = await fetch(`http://localhost:${ports.api}/open/stores`);
        expect(response.status).toBe(200);
        await until('request line', () => text().includes('GET /open/stores 200'), 10_000, text);
      } finally {
        // The whole group, whether npm is still running or not: the API may outlive a failed start.
        const signal = (name: NodeJS.Signals) => {
          try {
            process.kill(-child.pid!, name);
          } catch {
            // Already gone.
          }
        };
        signal('SIGINT');
        const kill = setTimeout(() => signal('SIGKILL'), 20_000);
        if (child.exitCode === null) await exited;
        clearTimeout(kill);
        rmSync(dataDir, { recursive: true, force: true });
      }

      const lines = text().split('\n');
      const request = lines.filter((line) => line.includes('/open/stores'));
      expect(request).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/open\/stores 200 [\d.]+ ms$/)]);
      // Nothing of a request spills onto further lines (Fastify's verbose entries: reqId, req, res, ...).
      expect(lines.filter((line) => /^\s+(reqId|req|res|responseTime):/.test(line))).toEqual([]);
      expect(lines.filter((line) => WARNING.test(line) && !EXPLAINED.some((known) => known.test(line)))).toEqual([]);
    },
    START_TIMEOUT_MS + 60_000,
  );
});
