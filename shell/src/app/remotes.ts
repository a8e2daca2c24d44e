// Where each remote lives is read at start from /remotes.json (written by ops, not compiled in);
// each remote's routes.json beside its manifest says which pages it owns (routeTable.ts); remotes are
// then loaded lazily per route with the Module Federation runtime. The shell's entry (index.ts) starts
// this before the shared libraries load, so this file imports only the contracts.
import type { ComponentType } from 'react';
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRoutes } from '@grocer/shared/contracts';
import { readRuntimeDocument } from './config.ts';
import { composeRoutes, matchesPattern, type RouteTable } from './routeTable.ts';

let entries: Record<string, string> = {};
let reading: Promise<void> | undefined;
/** Each remote's routes.json read (started once per page, again on Retry), and what it gave once settled. */
const routeReads = new Map<string, Promise<unknown>>();
const routesRead = new Map<string, RemoteRoutes | null>();
/** A remote origin that accepts connections but never answers must not hold the shell's start for long. */
const ROUTES_TIMEOUT_MS = 5000;
/** Reads /remotes.json and registers the remotes, once per page: later calls get the same promise. */
export function initRemotes(url = '/remotes.json'): Promise<void> {
  reading ??= readRemotes(url);
  return reading;
}

async function readRemotes(url: string): Promise<void> {
  try {
    const response = await readRuntimeDocument(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    entries = (await response.json()) as Record<string, string>;
  } catch (error) {
    // The shell still starts; every remote area then shows its fallback.
    console.error(`[remotes] ${url} could not be read`, error);
    return;
  }
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

const routesUrl = (entry: string) => new URL('routes.json', new URL(entry, window.location.href));

async function readRoutes(name: string, entry: string): Promise<RemoteRoutes | null> {
  const url = routesUrl(entry);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(ROUTES_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as RemoteRoutes;
  } catch (error) {
    // Only this remote's pages are missing; the shell shows the fallback with Retry where they would be.
    console.error(`[routes] ${url.href} of ${name} could not be read`, error);
    return null;
  }
}

/** Starts reading every remote's routes not read yet; with `retry`, again those that failed (registered afresh). */
function readAllRoutes(retry = false): Promise<unknown>[] {
  return Object.entries(entries).map(([name, entry]) => {
    const read = routeReads.get(name);
    if (read && !(retry && routesRead.get(name) === null)) return read;
    // The runtime keeps a failed manifest: a remote that was down starts from a clean slate.
    if (read) registerRemotes([{ name, entry }], { force: true });
    const next = readRoutes(name, entry).then((routes) => void routesRead.set(name, routes));
    routeReads.set(name, next);
    return next;
  });
}

/** The table of what has been read so far; remotes still being read are `pending`. */
function tableSoFar(): RouteTable {
  return composeRoutes(
    Object.entries(entries).map(
      ([name, entry]) => [name, routesRead.has(name) ? routesRead.get(name) : undefined, routesUrl(entry).href] as const,
    ),
  );
}

/**
 * The route table of every remote in /remotes.json, read once per page. With `retry`, the routes of
 * remotes that could not be read are read again.
 */
export async function loadRouteTable(retry = false): Promise<RouteTable> {
  await initRemotes();
  await Promise.all(readAllRoutes(retry));
  return tableSoFar();
}

/**
 * What the first page needs: the table as soon as a remote that answered claims `pathname`, or once
 * every remote has answered (or failed). A slow remote then holds only its own pages, not the start.
 */
export async function routeTableFor(pathname: string): Promise<RouteTable> {
  await initRemotes();
  const reads = readAllRoutes();
  return new Promise((resolve) => {
    const settle = () => {
      const table = tableSoFar();
      if (table.pending.length === 0 || table.routes.some((r) => matchesPattern(r.path, pathname))) resolve(table);
    };
    settle();
    for (const read of reads) void read.then(settle);
  });
}

/** Registered remotes and where they come from, for the diagnostics log. */
export function remoteEntries(): Readonly<Record<string, string>> {
  return entries;
}

/**
 * Loads an exposed module (`<remote>/<module>`). With `fresh`, the remote is registered again first:
 * the runtime keeps a failed manifest or entry script, so a retry must start from a clean slate.
 */
export type RemoteModuleExports = { default: ComponentType; loadPageData?: unknown };

export async function loadRemoteModule(id: string, fresh = false): Promise<RemoteModuleExports> {
  const name = id.slice(0, id.indexOf('/'));
  const entry = entries[name];
  if (!entry) throw new Error(`Remote "${name}" is not listed in /remotes.json`);
  if (fresh) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<{ default?: ComponentType; loadPageData?: unknown }>(id);
  if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
  return module as RemoteModuleExports;
}

/**
 * Starts fetching what the first screen renders (each remote's entry and the modules' chunks) while
 * React boots, instead of one remote after the other as each component mounts. Only a hint: a remote
 * that fails here still gets its own load, retry and fallback when its component asks.
 */
export function preloadRemoteModules(ids: readonly string[]): void {
  const exposesByRemote = new Map<string, string[]>();
  for (const id of ids) {
    const name = id.slice(0, id.indexOf('/'));
    if (!entries[name]) continue;
    exposesByRemote.set(name, [...(exposesByRemote.get(name) ?? []), id.slice(name.length + 1)]);
  }
  if (exposesByRemote.size === 0) return;
  // share: false: the shell already provides every shared library; a remote's own copies are fallbacks.
  const args = [...exposesByRemote].map(([nameOrAlias, exposes]) => ({
    nameOrAlias,
    exposes,
    resourceCategory: 'sync' as const,
    share: false,
    depsRemote: false,
  }));
  preloadRemote(args).catch((error: unknown) => console.warn('[remotes] preloading the first screen failed', error));
}
