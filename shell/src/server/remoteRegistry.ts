// Which build of each remote the page server renders with, followed the way browsers follow it
// (docs/decisions/013-server-composition.md, step 2). The shell's /remotes.json names each remote's
// browser manifest; the remote's server build sits beside it (server/mf-manifest.json). Both are read
// again at most every REMOTES_TTL_MS. A server manifest whose bytes changed is a release, or a rollback
// by remotes.json: the remote is registered again under a URL keyed by those bytes, so the runtime loads
// that build's code, while requests already rendering finish with the module they hold. No restart and
// no require cache (the runtime's own `revalidate()` does not refresh server chunks).
//
// A server build records the hash of the browser manifest it was built with. One that does not match
// the browser manifest browsers are given now would render markup the browser cannot hydrate, so that
// remote's pages are left to the browser until the two agree again.
import { createHash } from 'node:crypto';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { RemoteRoutes } from '@grocer/shared/contracts';
import { composeRoutes, type DeclaredRoutes, type RouteTable } from '../app/routeTable.ts';
import { fetchRemoteFile, REMOTE_FETCH_TIMEOUT_MS } from './remoteLoading.ts';

/** How long remotes.json and the manifests read are trusted: a release reaches the server render within this. */
export const REMOTES_TTL_MS = 5_000;

/** The hash a server build records of its browser manifest's bytes (tools/src/rspack.ts, createServerConfig). */
export function manifestHash(bytes: string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** The build of one remote the page server renders with. */
export interface RemoteBuild {
  /** The remote's container name, the key in remotes.json. */
  name: string;
  /** Its server manifest's hash: a new one is a new build. */
  key: string;
  browserManifestUrl: string;
  /** The browser manifest this build is hydrated with, as read (the page can carry it to the browser). */
  browserManifest: string;
}

/** Why a remote's pages are left to the browser for now. */
export interface RemoteUnavailable {
  name: string;
  reason: string;
  /** What was thrown (a RemoteNotListed, a failed read...). */
  cause: unknown;
}

/**
 * The remote is not in remotes.json: not a failure of its code, and not news on every page (the
 * browser meets it too, and ops chose it).
 */
export class RemoteNotListed extends Error {}

export interface RemoteRegistryOptions {
  /** The page server's one Module Federation instance (remote state is per process). */
  federation: Pick<ModuleFederation, 'registerRemotes' | 'loadRemote'>;
  /** The shell's remotes.json: remote name → its browser mf-manifest.json (public URL). */
  remotes: () => Promise<Record<string, string>>;
  /** Where this process reaches a public URL (PAGE_REACH); as it is by default. */
  reach?: (publicUrl: string) => string;
  /** Budget for each manifest read. */
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
}

export interface RemoteRegistry {
  /**
   * The build of `name` to render with, registered with the runtime (`loadRemote('name/Expose')` then
   * loads it), or why there is none: not in remotes.json, a manifest missing or slow, or a server build
   * made for another browser build.
   */
  current(name: string): Promise<RemoteBuild | RemoteUnavailable>;
  /**
   * An exposed module (`<remote>/<module>`) of the remote's current build, and that build (its browser
   * manifest names the files the browser needs for it). A load that failed (the entry, a chunk or the
   * runtime's read of the manifest) is not kept by the runtime: the next call loads again.
   */
  load<T>(id: string): Promise<{ module: T; build: RemoteBuild }>;
  /**
   * The shell's route table (routeTable.ts) from the routes.json beside each browser manifest, read as
   * the browser reads it, kept for the TTL like the manifests; a remote whose routes cannot be read is `missing`.
   */
  routes(): Promise<RouteTable>;
}

/**
 * `load`, kept for `ttlMs` from when it was asked: callers within that time share its answer. A
 * failed read is not kept, so the next caller tries again.
 */
export function keptFor<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now): () => Promise<T> {
  let held: { until: number; value: Promise<T> } | null = null;
  return () => {
    if (held && held.until > now()) return held.value;
    const value = load();
    const entry = { until: now() + ttlMs, value };
    value.catch(() => {
      if (held === entry) held = null;
    });
    held = entry;
    return value;
  };
}

export const isRemoteBuild = (found: RemoteBuild | RemoteUnavailable): found is RemoteBuild => 'key' in found;

export function createRemoteRegistry(options: RemoteRegistryOptions): RemoteRegistry {
  const reach = options.reach ?? ((url: string) => url);
  const timeoutMs = options.timeoutMs ?? REMOTE_FETCH_TIMEOUT_MS;
  const ttlMs = options.ttlMs ?? REMOTES_TTL_MS;
  const now = options.now ?? Date.now;
  const read = async (url: string) => (await fetchRemoteFile(reach(url), {}, timeoutMs)).text();

  const kept = <T>(load: () => Promise<T>) => keptFor(load, ttlMs, now);

  const remotesJson = kept(options.remotes);
  /** Per remote: its build as last read, and the key registered with the runtime. */
  const builds = new Map<string, { read: () => Promise<RemoteBuild>; registered: string | null }>();

  /** Per remote: its routes.json, read from where remotes.json points now. */
  const routeReads = new Map<string, { url: string; read: () => Promise<RemoteRoutes> }>();
  async function readRoutes(name: string, browserManifestUrl: string): Promise<DeclaredRoutes> {
    const url = new URL('routes.json', browserManifestUrl).href;
    let entry = routeReads.get(name);
    if (entry?.url !== url) routeReads.set(name, (entry = { url, read: kept(async () => JSON.parse(await read(url)) as RemoteRoutes) }));
    return [name, await entry.read().catch(() => null), url];
  }

  async function readBuild(name: string): Promise<RemoteBuild> {
    const browserManifestUrl = (await remotesJson())[name];
    if (!browserManifestUrl) throw new RemoteNotListed(`${name} is not in remotes.json`);
    const serverManifestUrl = new URL('server/mf-manifest.json', browserManifestUrl).href;
    const [browserManifest, serverManifest] = await Promise.all([read(browserManifestUrl), read(serverManifestUrl)]);
    const recorded = (JSON.parse(serverManifest) as { metaData?: { buildInfo?: { browserManifestHash?: unknown } } }).metaData?.buildInfo
      ?.browserManifestHash;
    if (recorded !== manifestHash(browserManifest)) {
      throw new Error(`${name}: its server build was made with another browser build than ${browserManifestUrl}`);
    }
    return { name, key: manifestHash(serverManifest), browserManifestUrl, browserManifest };
  }

  const registry: RemoteRegistry = {
    async current(name) {
      let entry = builds.get(name);
      if (!entry) builds.set(name, (entry = { read: kept(() => readBuild(name)), registered: null }));
      let build: RemoteBuild;
      try {
        build = await entry.read();
      } catch (error) {
        return { name, reason: error instanceof Error ? error.message : String(error), cause: error };
      }
      if (entry.registered !== build.key) {
        // The key in the URL makes it another remote entry to the runtime: the new build's code is loaded.
        const entryUrl = new URL('server/mf-manifest.json', reach(build.browserManifestUrl));
        entryUrl.searchParams.set('v', build.key);
        options.federation.registerRemotes([{ name, entry: entryUrl.href }], { force: true });
        entry.registered = build.key;
      }
      return build;
    },

    async load<T>(id: string) {
      const name = id.slice(0, id.indexOf('/'));
      const build = await registry.current(name);
      if (!isRemoteBuild(build)) throw build.cause instanceof Error ? build.cause : new Error(build.reason);
      const module = await options.federation.loadRemote<T>(id);
      if (!module) throw new Error(`${id} did not load`);
      return { module, build };
    },

    async routes() {
      const remotes = await remotesJson();
      return composeRoutes(await Promise.all(Object.entries(remotes).map(([name, url]) => readRoutes(name, url))));
    },
  };
  return registry;
}
