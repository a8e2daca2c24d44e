import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APPS } from '../ports.ts';
import { REPO_ROOT } from '../stack.ts';
import * as provided from './react-router.ts';

/** Every value imported from 'react-router' by a file under `dir` (type-only imports erase at build). */
function importedNames(dir: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router'/g)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.set(name, path.relative(REPO_ROOT, file));
      }
    }
    if (/import\s+\*\s+as\s+\w+\s+from\s+'react-router'|import\s+\w+\s+from\s+'react-router'/.test(source))
      names.set('*', path.relative(REPO_ROOT, file));
  }
  return names;
}

describe('the shared react-router entry', () => {
  it('provides every export an app imports from react-router', () => {
    const dirs = [...APPS.map((a) => path.join(REPO_ROOT, a.dir, 'src')), path.join(REPO_ROOT, 'shared/src')];
    const missing = dirs
      .flatMap((dir) => [...importedNames(dir)])
      .filter(([name]) => !(name in provided))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('re-exports the real react-router', () => {
    expect(typeof provided.BrowserRouter).toBe('function');
    expect(provided.matchPath('/store/:publicId', '/store/fresh-market')?.params).toEqual({ publicId: 'fresh-market' });
  });
});
