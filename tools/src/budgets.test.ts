import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APPS } from './ports.ts';
import { BUDGETS, gzipSize, kb, reactInBuild } from './budgets.ts';
import { buildApp, needsBuild, REPO_ROOT } from './stack.ts';

const remotes = APPS.filter((a) => a.remote !== null).map((a) => [a.dir] as const);
const dist = (dir: string) => path.join(REPO_ROOT, dir, 'dist');

describe('speed budgets of the built remotes', () => {
  beforeAll(() => {
    // The same rule as `npm start` and the e2e suite: build what is missing or older than its sources.
    for (const { dir } of APPS) if (needsBuild(dir)) buildApp(dir);
  }, 300_000);

  it.each(remotes)(`%s: remoteEntry.js is at most ${kb(BUDGETS.remoteEntry)} gzip`, (dir) => {
    const size = gzipSize(readFileSync(path.join(dist(dir), 'remoteEntry.js')));
    console.info(`[budget] ${dir}/remoteEntry.js ${kb(size)} gzip -9 (budget ${kb(BUDGETS.remoteEntry)})`);
    expect(size).toBeLessThanOrEqual(BUDGETS.remoteEntry);
  });

  it.each(remotes)('%s: ships no React of its own (it runs on the shell’s singleton)', (dir) => {
    const build = reactInBuild(dist(dir));
    expect(build.files.length).toBeGreaterThan(0);
    expect(build.unmapped).toEqual([]);
    expect(build.reactSources).toEqual([]);
  });

  it('finds React where it is bundled: in the shell, which provides it', () => {
    const shell = reactInBuild(dist('shell'));
    expect(shell.reactSources.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
  });
});
