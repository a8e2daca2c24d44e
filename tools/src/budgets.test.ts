import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRESENT_APPS as APPS } from './ports.ts';
import { BUDGETS, gzipSize, kb, reactInBuild } from './budgets.ts';
import { buildMissing, REPO_ROOT } from './stack.ts';

const remotes = APPS.filter((a) => a.remote !== null).map((a) => [a.dir] as const);
const dist = (dir: string) => path.join(REPO_ROOT, dir, 'dist');

describe('speed budgets of the built remotes', () => {
  beforeAll(() => {
    // The same rule as `npm start` and the e2e suite: build what is missing or older than its sources.
    buildMissing();
  }, 300_000);

  it.each(remotes)(`%s: remoteEntry.js is at most ${kb(BUDGETS.remoteEntry)} gzip`, (dir) => {
    const size = gzipSize(readFileSync(path.join(dist(dir), 'remoteEntry.js')));
    console.info(`[budget] ${dir}/remoteEntry.js ${kb(size)} gzip -9 (budget ${kb(BUDGETS.remoteEntry)})`);
    expect(size).toBeLessThanOrEqual(BUDGETS.remoteEntry);
  });

  it.each(remotes)('%s: ships no React of its own (it runs on the shell’s singleton)', (dir) => {
    const build = reactInBuild(dist(dir));
    expect(build.files.length).toBeGreaterThan(0);
    expect(build.reactCode).toEqual([]);
  });

  it.each(remotes)('%s: its server build ships no React either (the page server provides it)', (dir) => {
    const build = reactInBuild(path.join(dist(dir), 'server'));
    expect(build.files).toContain('remoteEntry.js');
    expect(build.reactCode).toEqual([]);
  });

  it.each(remotes)('%s: remoteEntry.js takes the MF bundler runtime from the shell (one copy per page)', (dir) => {
    const { sources } = JSON.parse(readFileSync(path.join(dist(dir), 'remoteEntry.js.map'), 'utf8')) as { sources: string[] };
    expect(sources.filter((source) => source.includes('/webpack-bundler-runtime/'))).toEqual([]);
    expect(sources.some((source) => source.includes('mf-runtime/bundlerRuntimeFromHost.ts'))).toBe(true);
  });

  it('finds React where it is bundled: in the shell, which provides it, by source map and by code', () => {
    const shell = reactInBuild(dist('shell'));
    expect(shell.reactCode.some((found) => found.includes('node_modules/react-dom/'))).toBe(true);
    expect(shell.reactCode.some((found) => found.endsWith('React internals in the code'))).toBe(true);
  });

  it.each(APPS.map((a) => [a.dir] as const))('%s: every precompressed copy (.br, .gz) holds exactly its file', (dir) => {
    const copies = readdirSync(dist(dir)).filter((file) => /\.(br|gz)$/.test(file));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const original = readFileSync(path.join(dist(dir), copy.replace(/\.(br|gz)$/, '')));
      const packed = readFileSync(path.join(dist(dir), copy));
      const unpacked = copy.endsWith('.br') ? zlib.brotliDecompressSync(packed) : zlib.gunzipSync(packed);
      expect({ copy, same: unpacked.equals(original) }).toEqual({ copy, same: true });
    }
  });

  it('finds React in a minified file that has no source map', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'grocer-budgets-'));
    const reactDom = readdirSync(dist('shell')).find(
      (file) => file.endsWith('.js') && reactInBuild(dist('shell')).reactCode.some((f) => f.startsWith(`${file}: React internals`)),
    );
    copyFileSync(path.join(dist('shell'), reactDom!), path.join(folder, 'chunk.js'));
    expect(reactInBuild(folder).reactCode).toEqual(['chunk.js: React internals in the code']);
    rmSync(folder, { recursive: true });
  });
});
