import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SHARED_ENTRIES } from '../mf.ts';
import { PRESENT_APPS as APPS } from '../ports.ts';
import { REPO_ROOT } from '../stack.ts';

/** Value names imported from each request by `source` (type-only imports erase at build); '*' for a namespace or default import. */
function importsOf(code: string): Map<string, Set<string>> {
  // Comments hold usage examples (`import { connect } from 'react-redux'`), not imports.
  const source = code.replace(/\/\*[\s\S]*?\*\//g, '');
  const found = new Map<string, Set<string>>();
  const add = (request: string, name: string) => found.set(request, (found.get(request) ?? new Set()).add(name));
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) add(match[3]!, name);
    }
  }
  for (const match of source.matchAll(/import\s+(?:\*\s+as\s+\w+|\w+)\s+from\s*["']([^"']+)["']/g)) add(match[1]!, '*');
  return found;
}

/**
 * Every app source file that ships, with what it imports. Tests and their helpers (`*.test.ts(x)`,
 * `testing/`) run under jest, which loads the packages themselves, so what only they use (a
 * MemoryRouter) stays out of the page.
 */
function appImports(): [string, Map<string, Set<string>>][] {
  const dirs = [...APPS.map((a) => path.join(REPO_ROOT, a.dir, 'src')), path.join(REPO_ROOT, 'shared/src')];
  // The page server's own code (shell/src/server) runs on Node, which loads the packages themselves too.
  const pageServer = path.join(REPO_ROOT, 'shell/src/server') + path.sep;
  const ships = (file: string) => !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('testing') && !file.startsWith(pageServer);
  return dirs.flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && ships(path.join(entry.parentPath, entry.name)))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .map((file) => [path.relative(REPO_ROOT, file), importsOf(readFileSync(file, 'utf8'))] as [string, Map<string, Set<string>>]),
  );
}

/** The library file an entry lists names from (RTK's modules import each other by package name). */
function libraryOf(entryFile: string): { file: string; source: string } {
  const from = /from\s*'([^']+)'/.exec(readFileSync(entryFile, 'utf8'))![1]!;
  const file = createRequire(entryFile).resolve(from);
  return { file: path.relative(REPO_ROOT, file), source: readFileSync(file, 'utf8') };
}

const libraries = Object.entries(SHARED_ENTRIES).map(([request, entryFile]) => ({ request, entryFile, ...libraryOf(entryFile) }));
const importers = [...appImports(), ...libraries.map(({ file, source }) => [file, importsOf(source)] as const)];

describe.each(Object.entries(SHARED_ENTRIES))('the shared entry of %s', (request, entryFile) => {
  it('provides every name an app or another shared library imports from it', async () => {
    const provided = (await import(entryFile)) as Record<string, unknown>;
    const missing = importers.flatMap(([file, imports]) =>
      [...(imports.get(request) ?? [])].filter((name) => !(name in provided)).map((name) => `${name} (imported by ${file})`),
    );
    expect(missing).toEqual([]);
  });

  it('provides what a shared library passes on from it with `export *`', async () => {
    const provided = (await import(entryFile)) as Record<string, unknown>;
    const missing: string[] = [];
    for (const library of libraries) {
      if (!new RegExp(`export\\s*\\*\\s*from\\s*["']${request}["']`).test(library.source)) continue;
      // The re-exporter's entry lists names; those the library does not declare itself come from this request.
      const own = [...library.source.matchAll(/export\s*\{([^}]*)\}\s*;/g)].flatMap((m) =>
        m[1]!.split(',').map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        ),
      );
      const listed = Object.keys((await import(library.entryFile)) as object);
      missing.push(
        ...listed.filter((name) => !own.includes(name) && !(name in provided)).map((name) => `${name} (passed on by ${library.file})`),
      );
    }
    expect(missing).toEqual([]);
  });
});

describe('the shared entries re-export the real libraries', () => {
  it('react-router', async () => {
    const provided = await import('./react-router.ts');
    expect(typeof provided.BrowserRouter).toBe('function');
    expect(provided.matchRoutes([{ path: '/store/:publicId' }], '/store/fresh-market')?.[0]?.params).toEqual({ publicId: 'fresh-market' });
  });

  it('Redux Toolkit', async () => {
    const { createSlice, configureStore } = await import('./redux-toolkit.js');
    const counter = createSlice({ name: 'counter', initialState: 1, reducers: { add: (state) => state + 1 } });
    const store = configureStore({ reducer: { counter: counter.reducer } });
    store.dispatch(counter.actions.add());
    expect(store.getState().counter).toBe(2);
  });
});
