// A remote's first screens (shared/src/contracts/firstScreen.ts) pass from their own compiler to the
// remote's browser build. The first-screen compiler (rspack.ts createFirstScreenConfig) builds them and
// writes nothing itself; the browser build, which runs after it in the same `rspack build` or dev server
// (`dependencies`), emits them as its own assets and names them in routes.json. So routes.json can only
// name a file of the same build, the browser build's `clean` keeps them, its precompression covers them,
// and the dev server serves them from memory like every other file of the remote.
import { rspack, type AssetInfo, type Compilation, type Compiler } from '@rspack/core';

/** The folder of a remote's dist its first screens are written to: routes.json names them relative to itself. */
export const FIRST_SCREEN_DIR = 'first-screen';

/** What a first-screen build produced: each page module's file, and every asset to emit (files and their maps). */
export interface BuiltFirstScreens {
  readonly files: ReadonlyMap<string, string>;
  readonly assets: readonly { name: string; content: Buffer; info: AssetInfo }[];
}

/**
 * The last first-screen build of each remote, by its dist folder. Absent while one runs, and after one
 * that failed: the browser build then names none and fails.
 */
const built = new Map<string, BuiltFirstScreens>();

/** A module that runs before the shared libraries are loaded may not bring any of them along. */
export interface ForbiddenModules {
  readonly test: RegExp;
  readonly why: string;
}

/**
 * In the first-screen compiler: keeps what it built for the browser build instead of writing it, and
 * fails the build when a first screen imports one of the shared libraries, a stylesheet or anything the
 * stand-alone module cannot carry (`forbidden`).
 */
export class FirstScreenBuildPlugin {
  constructor(
    readonly dist: string,
    readonly forbidden: readonly ForbiddenModules[],
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.compile.tap('GrocerFirstScreenBuild', () => built.delete(this.dist));
    compiler.hooks.thisCompilation.tap('GrocerFirstScreenBuild', (compilation) => {
      compilation.hooks.finishModules.tap('GrocerFirstScreenBuild', (modules) => {
        for (const module of modules) {
          const resource = (module as { resource?: string }).resource;
          if (!resource) continue;
          const rule = this.forbidden.find(({ test }) => test.test(resource));
          if (rule) compilation.errors.push(new rspack.WebpackError(`A first screen imports ${resource}: ${rule.why}`));
        }
      });
    });
    compiler.hooks.afterCompile.tap('GrocerFirstScreenBuild', (compilation) => {
      if (compilation.errors.length > 0) return;
      built.set(this.dist, builtFrom(compilation));
    });
    // The browser build emits them (see above).
    compiler.hooks.shouldEmit.tap('GrocerFirstScreenBuild', () => false);
  }
}

function builtFrom(compilation: Compilation): BuiltFirstScreens {
  const files = new Map<string, string>();
  for (const [name, entrypoint] of compilation.entrypoints) {
    const scripts = entrypoint.getFiles().filter((file) => file.endsWith('.js'));
    if (scripts.length !== 1) throw new Error(`first screen ${name} was built into [${scripts.join(', ')}], not one script`);
    files.set(name, scripts[0]!);
  }
  const assets = compilation.getAssets().map(({ name, source, info }) => {
    // The first-screen build hashed the file already: the browser build's real content hash must not rename it
    // after routes.json has named it.
    const { contenthash: _contenthash, ...kept } = info;
    return { name, content: source.buffer(), info: kept };
  });
  return { files, assets };
}

/** The first screens built for a remote's dist folder, if its first-screen build succeeded. */
export function builtFirstScreens(dist: string): BuiltFirstScreens | undefined {
  return built.get(dist);
}

/** Emits the built first screens into a browser compilation, and gives each page module's file. */
export function emitFirstScreens(compilation: Compilation, dist: string, modules: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  if (modules.length === 0) return files;
  const screens = builtFirstScreens(dist);
  if (!screens) {
    compilation.errors.push(
      new rspack.WebpackError(`the first screens of ${modules.join(', ')} were not built (see the first-screen build)`),
    );
    return files;
  }
  for (const { name, content, info } of screens.assets) compilation.emitAsset(name, new rspack.sources.RawSource(content), info);
  for (const module of modules) {
    const file = screens.files.get(module);
    if (file) files.set(module, file);
    else compilation.errors.push(new rspack.WebpackError(`the first screen of ${module} was not built`));
  }
  return files;
}
