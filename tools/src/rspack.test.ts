// Each remote's `rspack build` as its rspack.config.ts gives it: its first screens if it has any, the browser
// build, then the server build the page server loads (docs/decisions/013-server-composition.md), with the same exposes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { REMOTE_EXPOSES } from '@grocer/shared/contracts';
import { PRESENT_APPS } from './ports.ts';
import { BROWSER_BUILD, FIRST_SCREEN_BUILD, RoutesPlugin, SERVER_BUILD, SHELL_SERVER_FILE } from './rspack.ts';
import { REPO_ROOT } from './stack.ts';

type ConfigFactory = (env: unknown, argv: { mode?: string }) => Configuration | Configuration[];
interface FederationOptions {
  name: string;
  exposes: Record<string, string>;
  shared: Record<string, { import?: false; singleton?: boolean }>;
  library?: { type: string };
  remoteType?: string;
  runtimePlugins?: string[];
}

async function configsOf(dir: string, mode: string): Promise<Configuration[]> {
  const config = (await import(pathToFileURL(path.join(REPO_ROOT, dir, 'rspack.config.ts')).href)) as { default: ConfigFactory };
  return [config.default(undefined, { mode })].flat();
}

function federationOf(config: Configuration): FederationOptions {
  const plugin = config.plugins?.find((p) => p instanceof ModuleFederationPlugin) as unknown as { _options: FederationOptions } | undefined;
  if (!plugin) throw new Error(`${String(config.name)} has no ModuleFederationPlugin`);
  return plugin._options;
}

const remotes = PRESENT_APPS.filter((a): a is typeof a & { remote: string } => a.remote !== null).map((a) => [a.dir, a.remote] as const);

/** The remotes that draw a page's top before React loads (shared/src/contracts/firstScreen.ts), and their files. */
const FIRST_SCREENS: Record<string, Record<string, string>> = {
  'mf-cart-checkout': { CartPage: './src/features/cart/cartFirstScreen.ts' },
  'mf-orders': { OrderDetailsPage: './src/features/order-details/orderDetailsFirstScreen.ts' },
};

describe('a remote’s production build', () => {
  it.each(remotes)('%s: builds for the browser, then for Node into dist/server with the same exposes', async (dir, remote) => {
    const configs = await configsOf(dir, 'production');
    expect(configs.map((c) => c.name)).toEqual([...(FIRST_SCREENS[dir] ? [FIRST_SCREEN_BUILD] : []), BROWSER_BUILD, SERVER_BUILD]);
    const [browser, server] = configs.slice(-2);
    expect(server!.dependencies).toEqual([BROWSER_BUILD]);
    expect(browser!.target).toBeUndefined();
    expect(server!.target).toBe('async-node');
    expect(server!.output?.path).toBe(path.join(REPO_ROOT, dir, 'dist', 'server'));
    expect(server!.output?.library).toEqual({ type: 'commonjs-module' });

    const web = federationOf(browser!);
    const node = federationOf(server!);
    expect(node.name).toBe(remote);
    expect(node.exposes).toEqual(web.exposes);
    const contract = (REMOTE_EXPOSES as Partial<Record<string, readonly string[]>>)[remote];
    if (contract) expect(Object.keys(node.exposes).sort()).toEqual(contract.map((name) => `./${name}`).sort());
    expect(node.library).toEqual({ type: 'commonjs-module', name: remote });
    expect(node.remoteType).toBe('script');
    expect(node.runtimePlugins).toEqual([expect.stringMatching(/@module-federation\/node\/dist\/src\/runtimePlugin\.js$/)]);
    // Every singleton comes from the page server, as from the shell in the browser: none is bundled.
    expect(Object.keys(node.shared).sort()).toEqual(Object.keys(web.shared).sort());
    for (const [name, share] of Object.entries(node.shared))
      expect({ name, ...share }).toMatchObject({ name, import: false, singleton: true });
  });

  it.each(remotes)('%s: styles stay with the browser build (class names only on the server)', async (dir) => {
    const server = (await configsOf(dir, 'production')).find((c) => c.name === SERVER_BUILD);
    const css = server!.module?.rules?.find((rule) => rule && typeof rule === 'object' && String(rule.test) === String(/\.css$/));
    expect(css).toMatchObject({ type: 'css/auto', generator: { exportsOnly: true } });
  });

  it('the dev server builds the browser side only (its harness and hot reload), with its first screens', async () => {
    expect((await configsOf('mf-catalog', 'development')).map((c) => c.name)).toEqual([BROWSER_BUILD]);
    expect((await configsOf('mf-orders', 'development')).map((c) => c.name)).toEqual([FIRST_SCREEN_BUILD, BROWSER_BUILD]);
  });

  it.each(Object.entries(FIRST_SCREENS))(
    '%s: builds its first screens first, as stand-alone ES modules the browser build emits and names in routes.json',
    async (dir, firstScreens) => {
      for (const mode of ['production', 'development']) {
        const [first, browser] = await configsOf(dir, mode);
        expect(first).toMatchObject({
          name: FIRST_SCREEN_BUILD,
          entry: Object.fromEntries(Object.entries(firstScreens).map(([module, file]) => [module, { import: file }])),
          target: 'browserslist:chrome >= 111, firefox >= 115, safari >= 16.4',
          output: {
            path: path.join(REPO_ROOT, dir, 'dist'),
            filename: 'first-screen/[name].[contenthash:10].js',
            module: true,
            library: { type: 'modern-module' },
            asyncChunks: false,
          },
          optimization: { splitChunks: false, runtimeChunk: false },
          // Neither the dev server's client nor hot reload in it.
          devServer: false,
        });
        // No federation, no shared library: nothing of the browser build's plugins but its defines.
        expect(first!.plugins?.some((p) => p instanceof ModuleFederationPlugin)).toBe(false);
        expect(browser).toMatchObject({ name: BROWSER_BUILD, dependencies: [FIRST_SCREEN_BUILD] });
        const routes = browser!.plugins?.find((p) => p instanceof RoutesPlugin);
        expect(routes?.firstScreens).toEqual({ dist: path.join(REPO_ROOT, dir, 'dist'), modules: Object.keys(firstScreens) });
      }
    },
  );
});

describe('the shell’s production build', () => {
  it('builds for the browser, then the page server for Node into dist/server/pages.mjs, an ES module with everything in it', async () => {
    const [browser, server, ...more] = await configsOf('shell', 'production');
    expect(more).toEqual([]);
    expect(browser!.name).toBe(BROWSER_BUILD);
    expect(federationOf(browser!).name).toBe('shell');
    // After the browser build, whose `clean` would otherwise remove it.
    expect(server!).toMatchObject({ name: SERVER_BUILD, dependencies: [BROWSER_BUILD], target: 'node' });
    expect(server!.entry).toEqual({ pages: './src/server/pages.ts' });
    expect(server!.context).toBe(path.join(REPO_ROOT, 'shell'));
    expect(server!.output).toMatchObject({
      path: path.join(REPO_ROOT, 'shell', 'dist', 'server'),
      filename: SHELL_SERVER_FILE,
      module: true,
      library: { type: 'module' },
      asyncChunks: false,
    });
    // React and the singletons are bundled (the page server provides them to the remotes): no externals, no federation.
    expect(server!.externals).toBeUndefined();
    expect(server!.plugins?.some((p) => p instanceof ModuleFederationPlugin)).toBe(false);
    const css = server!.module?.rules?.find((rule) => rule && typeof rule === 'object' && String(rule.test) === String(/\.css$/));
    expect(css).toMatchObject({ type: 'css/auto', generator: { exportsOnly: true } });
  });

  it('the dev server builds the browser side only', async () => {
    expect((await configsOf('shell', 'development')).map((c) => c.name)).toEqual([BROWSER_BUILD]);
  });
});
