// tools/ serves, builds, benches and starts the shop's apps; it runs what they built, never their
// sources (docs/decisions/013-server-composition.md, point 3): the shell's page server is started
// from its build by path (shellPages.ts). A tools file importing from an app's folder would bring
// a copy of that app's code into a server of its own, out of the team's release.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TOOLS_SRC = import.meta.dirname;
const APPS = /^(shell|mf-[a-z-]+)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier of a file: static and dynamic imports, re-exports and requires. */
const specifiers = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map(([, spec]) => spec!);

it('no file of tools/src imports from an app’s folder', () => {
  const found = sources(TOOLS_SRC).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .filter((spec) => {
        const [top] = path.relative(path.join(TOOLS_SRC, '../..'), path.resolve(path.dirname(file), spec)).split(path.sep);
        return APPS.test(top ?? '');
      })
      .map((spec) => `${path.relative(TOOLS_SRC, file)}: ${spec}`),
  );
  expect(found).toEqual([]);
});

it('finds such an import where there is one', () => {
  // Written with the folders interpolated, so that this file does not hold the imports it finds.
  const [shell, catalog] = ['shell', 'mf-catalog'];
  expect(specifiers(`import { x } from '../../${shell}/src/app/config.ts';\nconst m = await import('../../${catalog}/src/a.ts');`)).toEqual(
    ['../../shell/src/app/config.ts', '../../mf-catalog/src/a.ts'],
  );
});
