// A remote's first screens, built for real (`rspack build`, as a remote's package.json runs it) from a
// small remote: the orders remote's exposes, pages that render nothing, and a first screen with a helper
// of its own. The stand-alone ES modules in dist/first-screen/, what routes.json names, and the builds
// that must fail. rspack runs in a process of its own: it does not load inside jest's module sandbox.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { routePatterns, type RemoteRoutes } from '@grocer/shared/contracts';
import { FIRST_SCREEN_FILE } from './routeContract.ts';
import { BROWSER_BUILD, createFirstScreenConfig, createRemoteConfigs, FIRST_SCREEN_BUILD, type AppOptions } from './rspack.ts';
import { cacheControlFor } from './static-server.ts';
import { REPO_ROOT } from './stack.ts';

const PAGES = ['OrderConfirmationPage', 'OrderDetailsPage', 'OrderHistoryPage'];

const FIRST_SCREEN = `import { routePatterns, type FirstScreenModule } from '@grocer/shared/contracts';
import { orderPath } from './orderPath.ts';

export default {
  reads: (params) => (params.orderId ? { paths: [orderPath(params.orderId)], session: true } : null),
  draw: (_bodies, doc) => {
    const title = doc.createElement('h1');
    title.textContent = routePatterns.orderDetails;
    return title;
  },
} satisfies FirstScreenModule;
`;

const ROUTES: RemoteRoutes = {
  routes: [
    { path: routePatterns.orderConfirmation, module: 'OrderConfirmationPage', access: 'signed-in' },
    { path: routePatterns.orderDetails, module: 'OrderDetailsPage', access: 'signed-in' },
  ],
};
const FIRST_SCREENS = { OrderDetailsPage: './src/orderDetailsFirstScreen.ts' };

// The fixture's rspack.config.ts: a remote's, with its first screens from the environment.
const CONFIG = `import { createRemoteConfigs } from '@grocer/tools/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfigs(
    {
      root: import.meta.dirname,
      dir: 'mf-orders',
      title: 'first screens fixture',
      exposes: Object.fromEntries(${JSON.stringify(PAGES)}.map((page) => [page, \`./src/\${page}.ts\`])),
      routes: ${JSON.stringify(ROUTES)},
      firstScreens: JSON.parse(process.env.FIXTURE_FIRST_SCREENS!),
    },
    argv,
  );
`;

let root: string;
const options = (more: Partial<AppOptions> = {}): AppOptions => ({
  root,
  dir: 'mf-orders',
  title: 'first screens fixture',
  exposes: Object.fromEntries(PAGES.map((page) => [page, `./src/${page}.ts`])),
  routes: ROUTES,
  firstScreens: FIRST_SCREENS,
  ...more,
});

/** `rspack build` of the fixture: its exit status and what it printed. */
function build(mode: string, firstScreens: Record<string, string> = FIRST_SCREENS) {
  const { NODE_OPTIONS: _jestOnly, ...env } = process.env;
  const run = spawnSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'rspack'),
    ['build', '--mode', mode, '-c', path.join(root, 'rspack.config.ts')],
    {
      cwd: root,
      env: { ...env, FIXTURE_FIRST_SCREENS: JSON.stringify(firstScreens) },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const dist = () => path.join(root, 'dist');
const routesJson = () => JSON.parse(readFileSync(path.join(dist(), 'routes.json'), 'utf8')) as RemoteRoutes;

/** What Node's own ESM loader makes of a built first screen: its default export's shape and what it reads. */
function importInNode(file: string) {
  const script = `const screen = (await import(process.argv[1])).default;
console.log(JSON.stringify({ reads: typeof screen.reads, draw: typeof screen.draw, order: screen.reads({ orderId: 'A/7' }), none: screen.reads({}) }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script, pathToFileURL(file).href], { encoding: 'utf8' }),
  ) as unknown;
}

beforeAll(() => {
  root = path.join(REPO_ROOT, '.tmp', `first-screens-${process.pid}-${Date.now()}`, 'mf-orders');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  // The remote's own dependencies: the build shares its singletons from them.
  cpSync(path.join(REPO_ROOT, 'mf-orders', 'package.json'), path.join(root, 'package.json'));
  writeFileSync(path.join(root, 'rspack.config.ts'), CONFIG);
  for (const page of PAGES) writeFileSync(path.join(root, 'src', `${page}.ts`), `export default function ${page}() {\n  return null;\n}\n`);
  writeFileSync(path.join(root, 'src', 'index.ts'), 'export {};\n');
  writeFileSync(path.join(root, 'src', 'orderPath.ts'), 'export const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;\n');
  writeFileSync(path.join(root, 'src', 'orderDetailsFirstScreen.ts'), FIRST_SCREEN);
  writeFileSync(
    path.join(root, 'src', 'reactFirstScreen.ts'),
    "import { version } from 'react';\n\nexport default { reads: () => null, draw: () => version && null };\n",
  );
});

afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

describe('a remote’s first screens, built', () => {
  it.each(['production', 'development'])(
    '%s: a stand-alone ES module in first-screen/, content-hashed, named by routes.json on its page’s routes only',
    (mode) => {
      expect(
        createRemoteConfigs(options(), { mode })
          .map((config) => config.name)
          .slice(0, 2),
      ).toEqual([FIRST_SCREEN_BUILD, BROWSER_BUILD]);
      const { status, output } = build(mode);
      expect({ status, output }).toMatchObject({ status: 0 });

      const scripts = readdirSync(path.join(dist(), 'first-screen')).filter((file) => file.endsWith('.js'));
      expect(scripts).toEqual([expect.stringMatching(/^OrderDetailsPage\.[0-9a-f]{10}\.js$/)]);
      const file = `first-screen/${scripts[0]}`;
      // Served like every hashed chunk: immutable (static-server.ts HASHED, and nginx's copy of it).
      expect(cacheControlFor(path.join(dist(), file))).toBe('public, max-age=31536000, immutable');

      expect(routesJson().routes).toEqual([ROUTES.routes[0], { ...ROUTES.routes[1], firstScreen: file }]);
      expect(routesJson().routes[1]!.firstScreen).toMatch(FIRST_SCREEN_FILE);
      // routes.ts itself is left as it was.
      expect(ROUTES.routes.some((route) => 'firstScreen' in route)).toBe(false);

      expect(importInNode(path.join(dist(), file))).toEqual({
        reads: 'function',
        draw: 'function',
        order: { paths: ['/orders/A%2F7'], session: true },
        none: null,
      });
      const code = readFileSync(path.join(dist(), file), 'utf8');
      // Nothing of Module Federation nor of any library: only the module and what it imports.
      expect(code).not.toMatch(/node_modules|federation|__webpack_require__/i);
      if (mode === 'production') {
        const { sources } = JSON.parse(readFileSync(path.join(dist(), `${file}.map`), 'utf8')) as { sources: string[] };
        expect(
          sources.filter((source) => !/\/(src\/orderDetailsFirstScreen|src\/orderPath|shared\/src\/contracts\/[\w]+)\.ts$/.test(source)),
        ).toEqual([]);
        expect(code.split('\n').length).toBeLessThanOrEqual(2); // minified
        expect(zlib.gzipSync(code).length).toBeLessThan(600);
        // Its map is written beside it (never served), never linked.
        expect(code).not.toContain('sourceMappingURL');
      }
    },
    120_000,
  );

  it('fails the build on a first screen that is not an exposed module, or not the page of one of the routes', () => {
    const { status, output } = build('production', { OrderDetailPage: './src/orderDetailsFirstScreen.ts' });
    expect(status).not.toBe(0);
    expect(output).toContain('orders: first screen OrderDetailPage is not a module it exposes');
    const wrong = (firstScreens: Record<string, string>) => () => createRemoteConfigs(options({ firstScreens }), { mode: 'production' });
    expect(wrong({ OrderDetailPage: './src/orderDetailsFirstScreen.ts' })).toThrow(
      'orders: first screen OrderDetailPage is not a module it exposes (exposes: OrderConfirmationPage, OrderDetailsPage, OrderHistoryPage)',
    );
    expect(wrong({ OrderHistoryPage: './src/orderDetailsFirstScreen.ts' })).toThrow(
      'orders: first screen OrderHistoryPage is the page of none of its routes',
    );
    const named = { routes: [{ ...ROUTES.routes[1]!, firstScreen: 'first-screen/OrderDetailsPage.0123456789.js' }] };
    expect(() => createRemoteConfigs(options({ routes: named }), { mode: 'development' })).toThrow(
      'orders: route /order-details/:orderId names its first screen in routes.ts; the build writes it',
    );
  });

  it('fails the build on a first screen that brings a shared library along, and names no first screen then', () => {
    const { status, output } = build('production', { OrderDetailsPage: './src/reactFirstScreen.ts' });
    expect(status).not.toBe(0);
    expect(output).toMatch(/A first screen imports \S*react\S*: a first screen runs before the shared libraries load/);
    expect(output).toContain('the first screens of OrderDetailsPage were not built (see the first-screen build)');
  }, 120_000);

  it('is refused for a remote that has none, and for the shell', () => {
    expect(() => createFirstScreenConfig(options({ firstScreens: {} }))).toThrow('mf-orders has no first screens to build');
    expect(() => createRemoteConfigs({ root, dir: 'shell', title: 'x', firstScreens: { HomePage: './x.ts' } })).toThrow(
      'shell is not a remote: only remotes build first screens',
    );
  });
});
