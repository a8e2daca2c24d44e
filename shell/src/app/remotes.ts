// Where each remote lives is read at start from /remotes.json (written by ops, not compiled in);
// remotes are then loaded lazily per route with the Module Federation runtime. The shell's entry
// (index.ts) starts this before the shared libraries load, so this file imports only the contracts.
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteOf, type RemoteModuleExports, type RemoteModuleId, type RemoteName } from '@grocer/shared/contracts';

let entries: Partial<Record<RemoteName, string>> = {};
let reading: Promise<void> | undefined;

/** Reads /remotes.json and registers the remotes, once per page: later calls get the same promise. */
export function initRemotes(url = '/remotes.json'): Promise<void> {
  reading ??= readRemotes(url);
  return reading;
}

async function readRemotes(url: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    entries = (await response.json()) as Partial<Record<RemoteName, string>>;
  } catch (error) {
    // The shell still starts; every remote area then shows its fallback.
    console.error(`[remotes] ${url} could not be read`, error);
    return;
  }
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

/** Registered remotes and where they come from, for the diagnostics log. */
export function remoteEntries(): Readonly<Partial<Record<RemoteName, string>>> {
  return entries;
}

/**
 * Loads an exposed module. With `fresh`, the remote is registered again first: the runtime keeps
 * a failed manifest or entry script, so a retry must start from a clean slate.
 */
export async function loadRemoteModule<K extends RemoteModuleId>(id: K, fresh = false): Promise<RemoteModuleExports<K>> {
  const name = remoteOf(id);
  const entry = entries[name];
  if (!entry) throw new Error(`Remote "${name}" is not listed in /remotes.json`);
  if (fresh) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<RemoteModuleExports<K>>(id);
  if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
  return module;
}

/**
 * Starts fetching what the first screen renders (each remote's entry and the modules' chunks) while
 * React boots, instead of one remote after the other as each component mounts. Only a hint: a remote
 * that fails here still gets its own load, retry and fallback when its component asks.
 */
export function preloadRemoteModules(ids: readonly RemoteModuleId[]): void {
  const exposesByRemote = new Map<RemoteName, string[]>();
  for (const id of ids) {
    const name = remoteOf(id);
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
