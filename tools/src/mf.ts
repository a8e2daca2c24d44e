// The Module Federation settings every app shares, written once (DESIGN.md "Runtime composition").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Libraries that must exist once per page: two Reacts or two stores would break hooks and state. */
export const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-redux', '@reduxjs/toolkit', '@grocer/shared'] as const;

/**
 * Entry points of those libraries that apps import directly. Module Federation shares exact import
 * requests only, so without these a remote importing `@reduxjs/toolkit/query` ships its own copy of
 * RTK Query (and immer and reselect) next to the shell's.
 */
export const SINGLETON_SUBPATHS: Record<string, (typeof SINGLETONS)[number]> = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
  '@reduxjs/toolkit/query': '@reduxjs/toolkit',
  '@reduxjs/toolkit/query/react': '@reduxjs/toolkit',
};

/**
 * Singletons provided through a module that re-exports only what the apps use (tools/src/shared-entries),
 * so the unused rest of a large package is left out of the page.
 */
export const SHARED_ENTRIES: Readonly<Record<string, string>> = {
  'react-router': fileURLToPath(new URL('./shared-entries/react-router.ts', import.meta.url)),
  'react-redux': fileURLToPath(new URL('./shared-entries/react-redux.js', import.meta.url)),
  '@reduxjs/toolkit': fileURLToPath(new URL('./shared-entries/redux-toolkit.js', import.meta.url)),
  '@reduxjs/toolkit/query': fileURLToPath(new URL('./shared-entries/redux-toolkit-query.js', import.meta.url)),
  '@reduxjs/toolkit/query/react': fileURLToPath(new URL('./shared-entries/redux-toolkit-query-react.js', import.meta.url)),
};

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

function installedVersion(appDir: string, name: string): string {
  const require = createRequire(path.join(appDir, 'package.json'));
  return readPackageJson(path.dirname(require.resolve(`${name}/package.json`))).version;
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/**
 * Shared config with `requiredVersion` taken from the app's own package.json, so a remote built
 * against another major of a singleton is refused at load time (strictVersion) instead of
 * running beside a second copy. With `fromHost` (a remote's production build) no singleton is bundled
 * (`import: false`): the shell provides every one of them and, all being singletons, a remote's own
 * copy could never run anyway, so its build holds no fallback chunks and its remoteEntry.js lists
 * nothing to provide (0.7 KB gzip less each). A page can never run two Reacts or two stores. A
 * remote's stand-alone dev harness has no shell, so it keeps its own copies.
 */
export function sharedConfig(appDir: string, { fromHost = false }: { fromHost?: boolean } = {}) {
  const deps = readPackageJson(appDir).dependencies ?? {};
  const required = (name: string) => {
    const version = deps[name];
    if (!version) throw new Error(`${appDir}/package.json must depend on ${name} (a federation singleton)`);
    return version;
  };
  const entries = [
    ...SINGLETONS.map((name) => [name, required(name)] as const),
    ...Object.entries(SINGLETON_SUBPATHS).map(([request, pkg]) => [request, required(pkg)] as const),
  ];
  const provide = (request: string) => {
    if (fromHost) return { import: false as const };
    const entry = SHARED_ENTRIES[request];
    // The entry module belongs to tools, so the shared version must be the package's own.
    if (entry) return { import: entry, version: installedVersion(appDir, SINGLETON_SUBPATHS[request] ?? request) };
    return {};
  };
  return Object.fromEntries(
    entries.map(([request, requiredVersion]) => [request, { singleton: true, strictVersion: true, requiredVersion, ...provide(request) }]),
  );
}
