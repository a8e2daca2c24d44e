// One rspack configuration for the shell and every remote, so the five apps build the same way
// and differ only in what they say about themselves (name, port, exposes).
import { SERVER_DIR, SHELL_SERVER_FILE } from './shellPages.ts';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.ts';
import { appInfo, runtimeDocuments, stackPorts, type AppDir } from './ports.ts';
import { REMOTE_EXPOSES, type RemoteRoutes } from '@grocer/shared/contracts';
import { checkFirstScreens, checkRemoteRoutes, type RemoteRouteSource } from './routeContract.ts';
import { emitFirstScreens, FIRST_SCREEN_DIR, FirstScreenBuildPlugin } from './firstScreens.ts';
import { readPackageJson, SHARED_ENTRIES, sharedConfig, SINGLETONS } from './mf.ts';

export interface AppOptions {
  /** Absolute path of the app (its rspack.config.ts directory). */
  root: string;
  dir: AppDir;
  /** Public API of a remote: exposed name (as in REMOTE_EXPOSES) → source file. Absent for the host. */
  exposes?: Record<string, string>;
  /** Page title of the HTML document. */
  title: string;
  /** The routes a remote owns (its src/routes.ts), emitted as routes.json beside mf-manifest.json. */
  routes?: RemoteRoutes;
  /**
   * A remote's first screens (shared/src/contracts/firstScreen.ts), like `exposes`: the page's exposed
   * name → the source of its first screen. Each is built on its own (createFirstScreenConfig) into
   * first-screen/ and named in routes.json on the routes of that page.
   */
  firstScreens?: Record<string, string>;
}

const require = createRequire(import.meta.url);
/** The dist folder of an MF package, as @module-federation/rspack resolves it (its main file lives there). */
const mfDist = (name: string) =>
  path.dirname(require.resolve(`@module-federation/${name}`, { paths: [require.resolve('@module-federation/rspack')] }));
/**
 * rspack embeds the MF runtime through CommonJS files (the bundler runtime, and in the shell the plugin
 * that provides the runtime to remotes), which drag in the whole SDK (Node script loading included) and
 * a CommonJS copy of the runtime core beside the ES one. Every CommonJS file of these packages resolves
 * to its ES twin instead: one copy of each, and unused parts shake out of every remoteEntry and the shell.
 */
const MF_RUNTIME_ESM: Record<string, string> = Object.fromEntries(
  ['runtime', 'runtime-core', 'runtime-tools', 'sdk', 'error-codes', 'webpack-bundler-runtime', 'inject-external-runtime-core-plugin']
    .map(mfDist)
    .flatMap((dist) => readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dist, file)))
    .filter((file) => file.endsWith('.cjs'))
    .flatMap((cjs) => {
      const esm = [cjs.replace(/\.cjs$/, '.js'), cjs.replace(/\.cjs$/, '.mjs')].find((file) => existsSync(file));
      return esm ? [[cjs, esm]] : [];
    }),
);

/** The MF runtime's English error descriptions, replaced in production (mf-runtime/errorDescriptions.ts). */
const MF_ERROR_DESCRIPTIONS: Record<string, string> = {
  [path.join(mfDist('error-codes'), 'desc.mjs')]: path.join(import.meta.dirname, 'mf-runtime/errorDescriptions.ts'),
};

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text asset of a production
 * build: the static server sends them as they are (tools/src/static-server.ts `preCompressed`), ~8%
 * fewer bytes than compressing on the fly at a cheap level, and no compression work per request.
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('GrocerPrecompress', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'GrocerPrecompress', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
            const content = source.buffer();
            if (content.length < 1024) continue;
            const brotli = zlib.brotliCompressSync(content, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            });
            compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(zlib.gzipSync(content, { level: 9 })));
          }
        },
      );
    });
  }
}

/** Stands for the remotes' and the API's origins in dist/csp.txt; the shell image's entrypoint fills it in. */
export const CSP_ORIGINS_PLACEHOLDER = '__GROCER_ORIGINS__';

/**
 * Writes dist/csp.txt beside the shell's index.html: its Content-Security-Policy (tools/src/csp.ts) with the
 * hashes of the page's inline scripts as built, and a placeholder for the origins known only at start.
 */
class CspPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('GrocerCsp', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'GrocerCsp', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const page = assets['index.html'];
        if (!page) return;
        const policy = contentSecurityPolicy([CSP_ORIGINS_PLACEHOLDER], inlineScriptHashes(page.source().toString()));
        compilation.emitAsset('csp.txt', new rspack.sources.RawSource(`${policy}\n`));
      });
    });
  }
}

/**
 * The MF manifest plugin's note on every remote's build, "Manifest will use absolute path resolution
 * via its host at runtime, reason: publicPath='auto'", states the design: where a remote lives is
 * known only at start (/remotes.json), so its chunks load from the origin its manifest came from.
 * That one message is dropped (rspack's infrastructureLog hook); every other line of the plugin prints.
 */
export const INTENDED_MANIFEST_NOTE = "Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'";

export class IntendedManifestNotePlugin {
  apply(compiler: Compiler) {
    compiler.hooks.infrastructureLog.tap('GrocerIntendedManifestNote', (_name, type, args) =>
      type === 'warn' && args.some((arg) => typeof arg === 'string' && arg.includes(INTENDED_MANIFEST_NOTE)) ? true : undefined,
    );
  }
}

/** Where the shell finds a remote's route declarations: beside its mf-manifest.json. */
export const ROUTES_FILE = 'routes.json';

/**
 * Emits a remote's routes.json (shared/src/contracts/routes.ts) and fails the build when a route names a
 * module the remote does not expose. It keeps what it was given, so the contract test reads each
 * remote's routes and exposes from its rspack config (tools/src/routeContract.test.ts). With first
 * screens, it emits the files its first-screen build made (firstScreens.ts) and names each on the routes
 * of its page: only files of this very build.
 */
export class RoutesPlugin {
  constructor(
    readonly source: RemoteRouteSource,
    readonly firstScreens: { dist: string; modules: readonly string[] } = { dist: '', modules: [] },
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('GrocerRoutes', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'GrocerRoutes', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const files = emitFirstScreens(compilation, this.firstScreens.dist, this.firstScreens.modules);
        const routes: RemoteRoutes = {
          routes: this.source.routes.routes.map((route) => {
            const firstScreen = files.get(route.module);
            return firstScreen ? { ...route, firstScreen } : route;
          }),
        };
        for (const problem of checkRemoteRoutes({ ...this.source, routes })) compilation.errors.push(new rspack.WebpackError(problem));
        compilation.emitAsset(ROUTES_FILE, new rspack.sources.RawSource(`${JSON.stringify(routes)}\n`));
      });
    });
  }
}

const isHost = (o: AppOptions) => o.exposes === undefined;

/** The browsers every build for the browser compiles for. */
const BROWSER_TARGETS = 'chrome >= 111, firefox >= 115, safari >= 16.4';

/**
 * The page modules a remote builds first screens for, refused (the build does not start) unless each is
 * a page it exposes and one of its routes renders (routeContract.ts checkFirstScreens).
 */
function firstScreenModules(options: AppOptions): string[] {
  const modules = Object.keys(options.firstScreens ?? {});
  const remote = appInfo(options.dir).remote;
  if (!remote || !options.exposes) {
    if (modules.length > 0) throw new Error(`${options.dir} is not a remote: only remotes build first screens`);
    return modules;
  }
  const problems = checkFirstScreens({ remote, exposes: Object.keys(options.exposes), routes: options.routes ?? { routes: [] } }, modules);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return modules;
}

/**
 * The shared entry (shared-entries/react-router.ts) imports React Router's ES build by file, and its
 * package picks the development build for that file; a production build takes the production twin
 * (no dev warnings; 0.4 KB gzip less).
 */
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
const REACT_ROUTER_PRODUCTION: Record<string, string> = {
  [path.join(reactRouterDist, 'development/index.mjs')]: path.join(reactRouterDist, 'production/index.mjs'),
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches the modules of the libraries the shell shares (tools/src/mf.ts SINGLETONS, the
 * trimmed entries, and every package those depend on), as found from the app's own node_modules.
 */
function sharedLibraryModules(appDir: string): RegExp {
  const dirs = new Set<string>(Object.values(SHARED_ENTRIES).map((entry) => path.dirname(entry)));
  const visit = (name: string, from: string) => {
    // Node's lookup by folder: some packages' `exports` hide their package.json from require.resolve.
    let dir: string | undefined;
    for (let at = from; !dir; at = path.dirname(at)) {
      const candidate = path.join(at, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) dir = candidate;
      else if (path.dirname(at) === at) return; // an optional peer that is not installed
    }
    if (dirs.has(dir)) return;
    dirs.add(dir);
    for (const dependency of Object.keys(readPackageJson(dir).dependencies ?? {})) visit(dependency, dir);
  };
  for (const name of SINGLETONS) if (name !== '@grocer/shared') visit(name, appDir);
  return new RegExp(`^(${[...dirs].map((dir) => escapeRegExp(dir + path.sep)).join('|')})`);
}

const MF_RUNTIME_DIR = fileURLToPath(new URL('./mf-runtime/', import.meta.url));
/**
 * A remote's production build takes the bundler runtime's functions from the shell, as it takes the
 * runtime core (`externalRuntime`): both files of the package's entry resolve to the stand-in.
 */
const BUNDLER_RUNTIME_FROM_HOST: Record<string, string> = Object.fromEntries(
  ['index.cjs', 'index.js'].map((file) => [
    path.join(mfDist('webpack-bundler-runtime'), file),
    path.join(MF_RUNTIME_DIR, 'bundlerRuntimeFromHost.ts'),
  ]),
);

const HARNESS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title><%= htmlRspackPlugin.options.title %></title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * Refuses to build a remote whose exposes differ from the contract the shell codes against. A remote
 * the shell knows only through its routes (not in REMOTE_EXPOSES, e.g. one added by configuration)
 * exposes what its route declarations name; createAppConfig checks those.
 */
function federatedExposes(remote: string, exposes: Record<string, string>): Record<string, string> {
  const contract = (REMOTE_EXPOSES as Partial<Record<string, readonly string[]>>)[remote];
  const expected = contract ? [...contract].sort() : null;
  const actual = Object.keys(exposes).sort();
  if (expected && expected.join() !== actual.join()) {
    throw new Error(`${remote} exposes [${actual.join(', ')}] but the contract in @grocer/shared says [${expected.join(', ')}]`);
  }
  return Object.fromEntries(Object.entries(exposes).map(([name, file]) => [`./${name}`, file]));
}

/** The compiler names of a remote's builds, so one can wait for another. */
export const BROWSER_BUILD = 'browser';
export const SERVER_BUILD = 'server';
export const FIRST_SCREEN_BUILD = 'first-screen';

export function createAppConfig(options: AppOptions, argv: { mode?: string } = {}): Configuration {
  const production = isProduction(argv);
  const dev = !production;
  const info = appInfo(options.dir);
  const ports = stackPorts();
  const pkg = readPackageJson(options.root);
  const host = isHost(options);
  const name = info.remote ?? 'shell';
  const firstScreens = firstScreenModules(options);

  return {
    // Only names the compiler (multi-compiler dependencies, stats); nothing in the output depends on it.
    name: BROWSER_BUILD,
    // Its routes.json names the first screens and it emits them (firstScreens.ts): they are built first.
    ...(firstScreens.length > 0 ? { dependencies: [FIRST_SCREEN_BUILD] } : {}),
    mode: production ? 'production' : 'development',
    context: options.root,
    // A remote's own page is its stand-alone dev harness; production builds ship only what the shell loads.
    entry: host || dev ? { main: './src/index.ts' } : {},
    // Production maps are written (budgets.ts reads them) but not linked from the scripts, and never served.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(options.root, 'dist'),
      // Remotes load their chunks from their own origin; the shell from the root of its origin.
      publicPath: host ? '/' : 'auto',
      uniqueName: name,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: resolveSources({
      ...MF_RUNTIME_ESM,
      ...(!host && production ? BUNDLER_RUNTIME_FROM_HOST : {}),
      ...(production ? REACT_ROUTER_PRODUCTION : {}),
      ...(production ? MF_ERROR_DESCRIPTIONS : {}),
    }),
    module: {
      rules: [
        sourceRule({ development: dev, refresh: dev, targets: BROWSER_TARGETS }),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      // Before the MF plugin, which checks publicPath as it is applied.
      ...(host ? [] : [new IntendedManifestNotePlugin()]),
      ...(host || dev
        ? [
            new rspack.HtmlRspackPlugin({
              // The shell's page paints the layout before JS; a remote's harness page only needs a root.
              ...(host ? { template: path.join(options.root, 'src/index.html') } : { templateContent: HARNESS_HTML }),
              title: options.title,
              scriptLoading: 'defer',
              // Absolute script URLs, so a deep link in a remote's stand-alone harness still loads.
              publicPath: '/',
            }),
          ]
        : []),
      appDefines(production, pkg),
      new ModuleFederationPlugin({
        name,
        ...(info.remote && options.exposes ? { filename: 'remoteEntry.js', exposes: federatedExposes(info.remote, options.exposes) } : {}),
        // Where a remote lives is read from /remotes.json at start; nothing is compiled in.
        remotes: {},
        shared: sharedConfig(options.root, { fromHost: !host && production }),
        // A dead remote must never block the shell's start (module-federation/core#3877).
        shareStrategy: 'loaded-first',
        // Ops read which version of an app runs from its manifest (metaData.buildInfo.buildVersion) and the
        // shell logs it; it is the app's package.json version, whatever MF_BUILD_VERSION the build machine sets.
        manifest: {
          additionalData: ({ stats }) => {
            stats.metaData.buildInfo.buildVersion = pkg.version;
            return stats;
          },
        },
        dts: false,
        ...(host
          ? {
              runtimePlugins: [
                path.join(options.root, 'src/app/mfRuntimePlugin.ts'),
                path.join(MF_RUNTIME_DIR, 'provideBundlerRuntime.ts'),
              ],
            }
          : {}),
        // One runtime copy per page: the shell provides it, remotes use it. In dev a remote also runs
        // alone (its harness has no shell), so it keeps its own copy there.
        experiments: {
          ...(host ? { provideExternalRuntime: true } : { externalRuntime: !dev }),
          // Browser only (drops the SDK's Node script loading); a remote never loads another remote
          // (they meet through @grocer/shared), so its container leaves out remote loading.
          optimization: { target: 'web', ...(host || dev ? {} : { disableRemote: true }) },
        },
      }),
      ...(info.remote && options.exposes
        ? [
            new RoutesPlugin(
              { remote: info.remote, exposes: Object.keys(options.exposes), routes: options.routes ?? { routes: [] } },
              { dist: path.join(options.root, 'dist'), modules: firstScreens },
            ),
          ]
        : []),
      ...(dev ? [new ReactRefreshRspackPlugin()] : [new PrecompressPlugin()]),
      ...(host && production ? [new CspPlugin()] : []),
    ],
    optimization: {
      moduleIds: production ? 'deterministic' : 'named',
      // The shell provides every shared library and the first screen needs all of them: one file
      // compresses better than one per library (gzip sees them together: 7 KB less) and costs one
      // request. Only those libraries: anything else keeps its own chunk and loads when used.
      ...(host && production
        ? {
            splitChunks: {
              cacheGroups: { libraries: { test: sharedLibraryModules(options.root), name: 'libraries', chunks: 'async', enforce: true } },
            },
          }
        : {}),
    },
    performance: { hints: false },
    // Lazy compilation would hand the shell proxy modules instead of the exposed ones.
    lazyCompilation: false,
    devServer: {
      port: ports.apps[options.dir],
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The shell (and each remote's standalone harness) read the same runtime documents in dev as in production.
      setupMiddlewares: (middlewares) => {
        const docs = runtimeDocuments(ports);
        const json = (body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-cache');
          res.end(JSON.stringify(body));
        };
        middlewares.unshift({ name: 'grocer-remotes', path: '/remotes.json', middleware: json(docs.remotes) });
        middlewares.unshift({ name: 'grocer-config', path: '/config.json', middleware: json(docs.config) });
        return middlewares;
      },
    },
  };
}

export { SERVER_DIR, SHELL_SERVER_FILE };

/** The short content hash of a file's bytes (what a browser manifest is known by on the server side). */
export function contentHash(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/**
 * A remote's exposes built for Node, for the page server that renders pages with each remote's own code
 * (docs/decisions/013-server-composition.md): the same modules as the browser build, into dist/server/,
 * as a CommonJS container that the MF runtime loads over HTTP (`remoteType: 'script'`); every singleton
 * comes from the page server (`import: false`), as it comes from the shell in the browser. It runs after
 * the browser build (`dependencies`), so its manifest can name the browser manifest of the same build
 * (`metaData.buildInfo.browserManifestHash`): the page server renders only against the browser build
 * that will hydrate it.
 */
export function createServerConfig(options: AppOptions, argv: { mode?: string } = {}): Configuration {
  const production = isProduction(argv);
  const info = appInfo(options.dir);
  if (!info.remote || !options.exposes) throw new Error(`${options.dir} is not a remote: only remotes build for the page server`);
  const pkg = readPackageJson(options.root);
  const dist = path.join(options.root, 'dist');
  const appRequire = createRequire(path.join(options.root, 'package.json'));

  return {
    ...serverBuild(options, production),
    target: 'async-node',
    entry: {},
    // The page server evaluates these files from strings (vm), where a source map would not be applied.
    devtool: false,
    output: {
      path: path.join(dist, SERVER_DIR),
      // The chunks load from the folder of the remoteEntry.js the page server was given.
      publicPath: 'auto',
      uniqueName: info.remote,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    plugins: [
      new IntendedManifestNotePlugin(),
      appDefines(production, pkg),
      new ModuleFederationPlugin({
        name: info.remote,
        filename: 'remoteEntry.js',
        exposes: federatedExposes(info.remote, options.exposes),
        library: { type: 'commonjs-module', name: info.remote },
        remoteType: 'script',
        remotes: {},
        // The page server provides every singleton, as the shell does in the browser.
        shared: sharedConfig(options.root, { fromHost: true }),
        shareStrategy: 'loaded-first',
        // Loads this remote's own chunks over HTTP, from where its remoteEntry.js came.
        runtimePlugins: [appRequire.resolve('@module-federation/node/runtimePlugin')],
        manifest: {
          additionalData: ({ stats }) => {
            stats.metaData.buildInfo.buildVersion = pkg.version;
            const browserManifest = path.join(dist, 'mf-manifest.json');
            if (!existsSync(browserManifest)) throw new Error(`${browserManifest} is missing: the server build follows the browser build`);
            Object.assign(stats.metaData.buildInfo, { browserManifestHash: contentHash(readFileSync(browserManifest)) });
            return stats;
          },
        },
        dts: false,
      }),
    ],
    optimization: { moduleIds: production ? 'deterministic' : 'named' },
    performance: { hints: false },
  };
}

/**
 * The shell's page server (shell/src/server/pages.ts) built for Node, an ES module whose
 * `createPageServer` tools/ gets with a plain `import()` (docs/decisions/013-server-composition.md,
 * point 3). Everything is bundled: React and the other singletons are the ones it provides to the
 * remotes (serverShared.ts), and plain Node cannot run the sources (@grocer/shared imports CSS).
 * Not minified: it is read from disk once, and its stack traces in the page server's log stay readable.
 */
export function createShellServerConfig(options: AppOptions, argv: { mode?: string } = {}): Configuration {
  const production = isProduction(argv);
  if (!isHost(options)) throw new Error(`${options.dir} is a remote: its server build is createServerConfig`);
  return {
    ...serverBuild(options, production),
    target: 'node',
    entry: { pages: './src/server/pages.ts' },
    // Its stack traces name the bundle's lines as written: no map to apply.
    devtool: false,
    output: {
      path: path.join(options.root, 'dist', SERVER_DIR),
      filename: SHELL_SERVER_FILE,
      // One file to ship and start: a lazy import (shared's GoogleSignIn) stays in it.
      asyncChunks: false,
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    plugins: [appDefines(production, readPackageJson(options.root))],
    optimization: { moduleIds: 'deterministic', minimize: false },
  };
}

/**
 * A remote's first screens (shared/src/contracts/firstScreen.ts), each a small stand-alone ES module
 * whose default export is the page's FirstScreenModule, for `(await import(url)).default`: no Module
 * Federation and no shared library (the shell's entry loads it before them; a first screen importing
 * one fails the build), only its own imports (@grocer/shared/contracts, small helpers), for the browsers
 * of the browser build, minified in production, content-hashed in every mode (first-screen/<Module>.<hash>.js).
 * It writes nothing itself: the browser build, which runs after it, emits its files (firstScreens.ts).
 */
export function createFirstScreenConfig(options: AppOptions, argv: { mode?: string } = {}): Configuration {
  const production = isProduction(argv);
  const modules = firstScreenModules(options);
  if (modules.length === 0) throw new Error(`${options.dir} has no first screens to build`);
  const dist = path.join(options.root, 'dist');
  const appRequire = createRequire(path.join(options.root, 'package.json'));
  return {
    name: FIRST_SCREEN_BUILD,
    mode: production ? 'production' : 'development',
    context: options.root,
    target: `browserslist:${BROWSER_TARGETS}`,
    entry: Object.fromEntries(Object.entries(options.firstScreens ?? {}).map(([module, file]) => [module, { import: file }])),
    // The map stays beside the file, never linked nor served (as the browser build's).
    devtool: production ? 'hidden-source-map' : false,
    output: {
      path: dist,
      // It loads nothing else: no chunk, no asset.
      publicPath: 'auto',
      uniqueName: `${appInfo(options.dir).remote}FirstScreen`,
      filename: `${FIRST_SCREEN_DIR}/[name].[contenthash:10].js`,
      module: true,
      chunkFormat: 'module',
      library: { type: 'modern-module' },
      asyncChunks: false,
    },
    resolve: resolveSources({}),
    module: { rules: [sourceRule({ development: !production, refresh: false, targets: BROWSER_TARGETS })] },
    plugins: [
      appDefines(production, readPackageJson(options.root)),
      new FirstScreenBuildPlugin(dist, [
        { test: sharedLibraryModules(options.root), why: 'a first screen runs before the shared libraries load' },
        {
          test: new RegExp(`^${escapeRegExp(appRequire.resolve('@grocer/shared'))}$`),
          why: 'a first screen runs before @grocer/shared loads: import @grocer/shared/contracts',
        },
        { test: /\.css$/, why: 'a first screen draws with the classes of its page’s stylesheet, which it does not carry' },
      ]),
    ],
    optimization: { moduleIds: 'deterministic', splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    // The dev server adds neither its client nor hot reload to it, and serves its files through the browser build.
    devServer: false,
  };
}

/**
 * An app's `rspack build`: the browser build and, in production, its server build after it (a remote's
 * for the page server, the shell's page server itself), and before it a remote's first screens. The dev
 * server serves the browser build alone (its page or harness, and hot reload), with the first screens;
 * the page server runs on production builds (`npm start`, e2e, the images).
 */
export function createRemoteConfigs(options: AppOptions, argv: { mode?: string } = {}): Configuration[] {
  return [
    ...(Object.keys(options.firstScreens ?? {}).length > 0 ? [createFirstScreenConfig(options, argv)] : []),
    createAppConfig(options, argv),
    ...(isProduction(argv) ? [createServerConfig(options, argv)] : []),
  ];
}

/** The shell's `rspack build`, as createRemoteConfigs. */
export function createShellConfigs(options: AppOptions, argv: { mode?: string } = {}): Configuration[] {
  return [createAppConfig(options, argv), ...(isProduction(argv) ? [createShellServerConfig(options, argv)] : [])];
}

const isProduction = (argv: { mode?: string }) => (argv.mode ?? process.env.NODE_ENV) === 'production';

/** Resolution of our TypeScript sources and the libraries', with `alias` for the build at hand. */
function resolveSources(alias: Record<string, string>) {
  return { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] }, alias };
}

/** What every build of an app compiles in: its mode, and its package's name and version. */
function appDefines(production: boolean, pkg: { name?: string; version?: string }) {
  return new rspack.DefinePlugin({
    'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
    __APP_VERSION__: JSON.stringify(pkg.version),
    __APP_NAME__: JSON.stringify(pkg.name),
  });
}

/**
 * What every build for Node shares: it follows the browser build of the same `rspack build` (whose
 * `clean` would otherwise remove it), compiles for Node, keeps only class names of the styles and
 * emits no asset (the browser build ships both; the markup only names them).
 */
function serverBuild(options: AppOptions, production: boolean) {
  return {
    name: SERVER_BUILD,
    dependencies: [BROWSER_BUILD],
    mode: production ? ('production' as const) : ('development' as const),
    context: options.root,
    resolve: resolveSources({ ...MF_RUNTIME_ESM, ...(production ? MF_ERROR_DESCRIPTIONS : {}) }),
    module: {
      rules: [
        sourceRule({ development: !production, refresh: false, targets: 'node >= 20' }),
        { test: /\.css$/, type: 'css/auto' as const, generator: { exportsOnly: true } },
        { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' as const, generator: { emit: false } },
      ],
    },
    performance: { hints: false },
  } satisfies Configuration;
}

/** Our TypeScript and JSX, compiled by rspack's built-in SWC for the browsers or the Node version a build targets. */
function sourceRule({ development, refresh, targets }: { development: boolean; refresh: boolean; targets: string }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh } },
      },
      env: { targets },
    },
    type: 'javascript/auto' as const,
  };
}
