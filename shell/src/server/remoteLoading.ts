// How the page server fetches and runs a remote's server files (manifest, remoteEntry.js, chunks) through
// Module Federation's runtime. The SDK's Node loader evaluates whatever body it is given as code, a 404
// page included, and waits as long as the remote does; here both fail within the page's budget, so the
// page is left to the browser instead (docs/decisions/013-server-composition.md, rules 3 and 6).
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createInstance,
  registerGlobalPlugins,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { serverShared } from './serverShared.ts';

/** The page server's budget for one page, and so for any one remote file. */
export const REMOTE_FETCH_TIMEOUT_MS = 250;

export class RemoteFetchError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'RemoteFetchError';
  }
}

/** Fetches `url`, rejecting any answer but 2xx, and anything not fully read within `timeoutMs`. */
export async function fetchRemoteFile(url: string, init: RequestInit = {}, timeoutMs = REMOTE_FETCH_TIMEOUT_MS): Promise<Response> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    throw new RemoteFetchError(url, signal.aborted ? `no answer within ${timeoutMs} ms` : String(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new RemoteFetchError(url, `HTTP ${response.status}`);
  }
  // The body is read here, under the same clock: a remote that sends its headers and then stalls is as slow as one that never answers.
  let body: ArrayBuffer;
  try {
    body = await response.arrayBuffer();
  } catch (error) {
    throw new RemoteFetchError(url, signal.aborted ? `body not read within ${timeoutMs} ms` : String(error));
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A remote's container, as the runtime takes it from a `loadEntry` hook. */
type RemoteContainer = Exclude<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>, void>;

/** What a server remoteEntry.js is given to `require`: Node's built-ins (its chunk loader uses path, fs and vm). */
const entryRequire = createRequire(path.join(process.cwd(), 'remote-entry.js'));

/**
 * Runs a remote's server remoteEntry.js (a CommonJS module, tools/src/rspack.ts createServerConfig) and
 * returns its container, as the SDK's Node loader does once it has the code, but in this realm (`Function`,
 * not `vm`'s main context): the entry's chunk loader finds where it came from through this realm's
 * `__FEDERATION__` instances, which are the main context's only in a plain Node process, not under jest.
 * The container is not put on globalThis: the runtime would hand that one out again for the remote's
 * name, whatever URL the remote is registered at next (a release or a rollback).
 */
export function evaluateRemoteEntry(code: string, url: string, globalName: string): RemoteContainer {
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const { pathname } = new URL(url);
  // A remote's server code, from a remotes.json origin (decision 013, Trust).
  const run = new Function('exports', 'module', 'require', '__dirname', '__filename', `${code}\n//# sourceURL=${url}`);
  run(module.exports, module, entryRequire, path.posix.dirname(pathname), path.posix.basename(pathname));
  const container = module.exports[globalName] ?? module.exports;
  if (!container || typeof (container as { init?: unknown }).init !== 'function') throw new RemoteFetchError(url, 'not a remote container');
  return container as RemoteContainer;
}

/**
 * The page server's runtime plugin. `fetch` carries the manifest and every chunk a remote's Node chunk
 * loader asks for (@module-federation/node's runtime plugin emits this hook); the remoteEntry.js is
 * loaded here too (`loadEntry`), since the runtime's own Node entry loader fetches it without the hook.
 */
export function serverRemotesPlugin(timeoutMs = REMOTE_FETCH_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'grocer-server-remotes',
    fetch: (url, init) => fetchRemoteFile(url, init, timeoutMs),
    async loadEntry({ remoteInfo }) {
      const response = await fetchRemoteFile(remoteInfo.entry, {}, timeoutMs);
      return evaluateRemoteEntry(await response.text(), remoteInfo.entry, remoteInfo.entryGlobalName);
    },
  };
}

/**
 * The page server's one Module Federation instance (a remote's state is process-wide by its name), giving
 * remotes the page server's singletons and loading them through serverRemotesPlugin. The plugin is also
 * registered globally, for the runtime each remote's server build carries: its Node chunk loader asks
 * that runtime's `fetch` hook, not the page server's, for the chunks, and without the hook it fetches
 * them with no status check and no clock (a 404 page run as code, a stalled chunk waited on for ever).
 */
export function createServerFederation(timeoutMs = REMOTE_FETCH_TIMEOUT_MS): ModuleFederation {
  const plugin = serverRemotesPlugin(timeoutMs);
  registerGlobalPlugins([plugin]);
  return createInstance({ name: 'grocer_page_server', remotes: [], shared: serverShared(), plugins: [plugin] });
}
