// Where every part of the stack listens. One table, read by `npm start`, `npm run dev`, the e2e
// harness and each app's dev server, so a port is changed in one place (or by env) and nowhere else.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type AppDir = 'shell' | 'mf-catalog' | 'mf-cart-checkout' | 'mf-account' | 'mf-orders' | 'mf-ops';

export interface AppInfo {
  dir: AppDir;
  /** Module Federation container name; also the key in /remotes.json. Null for the host. */
  remote: 'catalog' | 'cartCheckout' | 'account' | 'orders' | 'ops' | null;
  portEnv: string;
  defaultPort: number;
}

export const APPS: readonly AppInfo[] = [
  { dir: 'shell', remote: null, portEnv: 'SHELL_PORT', defaultPort: 3000 },
  { dir: 'mf-catalog', remote: 'catalog', portEnv: 'CATALOG_PORT', defaultPort: 3001 },
  { dir: 'mf-cart-checkout', remote: 'cartCheckout', portEnv: 'CART_CHECKOUT_PORT', defaultPort: 3002 },
  { dir: 'mf-account', remote: 'account', portEnv: 'ACCOUNT_PORT', defaultPort: 3003 },
  { dir: 'mf-orders', remote: 'orders', portEnv: 'ORDERS_PORT', defaultPort: 3004 },
  { dir: 'mf-ops', remote: 'ops', portEnv: 'OPS_PORT', defaultPort: 3005 },
];

/**
 * The apps whose workspace is in this checkout. A remote added to APPS before its folder lands (or a
 * checkout without it) is simply not part of the stack: not built, served or listed in /remotes.json.
 */
export const PRESENT_APPS: readonly AppInfo[] = APPS.filter((a) =>
  existsSync(fileURLToPath(new URL(`../../${a.dir}/package.json`, import.meta.url))),
);

export const API_PORT_ENV = 'API_PORT';
export const API_DEFAULT_PORT = 4000;

export function portOf(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, got "${raw}"`);
  }
  return port;
}

export function appInfo(dir: AppDir): AppInfo {
  const app = APPS.find((a) => a.dir === dir);
  if (!app) throw new Error(`Unknown app ${dir}`);
  return app;
}

export interface StackPorts {
  apps: Record<AppDir, number>;
  api: number;
}

export function stackPorts(env: NodeJS.ProcessEnv = process.env): StackPorts {
  const apps = Object.fromEntries(APPS.map((a) => [a.dir, portOf(env, a.portEnv, a.defaultPort)])) as Record<AppDir, number>;
  return { apps, api: portOf(env, API_PORT_ENV, API_DEFAULT_PORT) };
}

/** The two runtime documents the shell reads at start, built from where things listen. */
export function runtimeDocuments(
  ports: StackPorts,
  host = 'localhost',
  env: NodeJS.ProcessEnv = process.env,
  apps: readonly AppInfo[] = PRESENT_APPS,
) {
  const remotes = Object.fromEntries(
    apps.filter((a) => a.remote).map((a) => [a.remote, `http://${host}:${ports.apps[a.dir]}/mf-manifest.json`]),
  );
  const config = {
    apiBaseUrl: env.PUBLIC_API_URL ?? `http://${host}:${ports.api}`,
    adminUrl: env.PUBLIC_ADMIN_URL ?? `http://${host}:${ports.apps.shell}/admin`,
    vitalsSampleRate: sampleRate(env.VITALS_SAMPLE_RATE),
  };
  return { remotes, config };
}

/** VITALS_SAMPLE_RATE: the share of page loads that report Core Web Vitals; every one by default. */
export function sampleRate(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`VITALS_SAMPLE_RATE must be a number from 0 to 1, got "${raw}"`);
  return rate;
}
