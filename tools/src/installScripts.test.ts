// package.json denies the install scripts of esbuild, @swc/core and @parcel/watcher (allowScripts): each
// only checks, or builds from source, a platform binary npm already installs as an optional dependency.
// This proves the binaries work as installed, without those scripts, for every installed copy.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './stack.ts';

const require = createRequire(path.join(REPO_ROOT, 'package.json'));
const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };

/** Every installed copy of esbuild: tsx's (hoisted) and drizzle-kit's older ones. */
const esbuildCopies = [
  'node_modules/esbuild',
  'node_modules/drizzle-kit/node_modules/esbuild',
  'node_modules/@esbuild-kit/core-utils/node_modules/esbuild',
]
  .map((dir) => path.join(REPO_ROOT, dir))
  .filter((dir) => existsSync(path.join(dir, 'package.json')));

describe('the install scripts package.json denies', () => {
  it('are exactly esbuild, @swc/core and @parcel/watcher', () => {
    expect(rootPackage.allowScripts).toEqual({ esbuild: false, '@swc/core': false, '@parcel/watcher': false });
  });

  it.each(esbuildCopies)('esbuild transforms with its installed binary (%s)', (dir) => {
    const esbuild = require(dir) as { transformSync(code: string, options: { loader: string }): { code: string } };
    expect(esbuild.transformSync('let total: number = 1', { loader: 'ts' }).code).toBe('let total = 1;\n');
  });

  it('@swc/core loads its native binding (jest compiles every test with it)', () => {
    const swc = require('@swc/core') as { transformSync(code: string, options: object): { code: string } };
    expect(swc.transformSync('const total: number = 1', { jsc: { parser: { syntax: 'typescript' } } }).code).toContain('1');
  });

  it('@parcel/watcher loads its prebuilt binding (jest --watch uses it)', () => {
    const watcher = require('@parcel/watcher') as { subscribe: unknown };
    expect(typeof watcher.subscribe).toBe('function');
  });
});
