// Module Federation runtime plugin of the shell: the first two layers of fault isolation
// (DESIGN.md): retry a remote's manifest a few times, then report the failure so the
// RemoteBoundary shows its fallback. It also logs which version of each remote was composed.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { manifestRead, takeEarlyManifest, type ManifestStyles } from './remoteStyles.ts';

const ATTEMPTS = 3;
const BACKOFF_MS = 250;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Remote versions already logged on this page: `name version url`. */
const composed = new Set<string>();

export default function grocerRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'grocer-runtime-plugin',
    async fetch(url, init) {
      // The painter's read of this manifest, when it asked first (remoteStyles.ts); a failed one is asked again.
      const early = takeEarlyManifest(new URL(url, document.baseURI).href);
      if (early) {
        const response = await early.catch(() => null);
        if (response?.ok) return response;
      }
      let lastError: unknown;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const response = await fetch(url, { ...init, cache: 'no-cache' });
          // A 404 will not heal by retrying; a 5xx or a dropped connection might.
          if (response.ok || response.status < 500) return response;
          lastError = new Error(`HTTP ${response.status} for ${url}`);
        } catch (error) {
          lastError = error;
        }
        if (attempt < ATTEMPTS) await wait(BACKOFF_MS * attempt);
      }
      throw lastError;
    },
    // Once per remote and manifest: what ops compare with /remotes.json when asking "what runs here?".
    loadRemoteSnapshot(args) {
      const { moduleInfo, manifestJson, manifestUrl } = args;
      if (manifestJson) {
        // The first page's early paint takes its stylesheets from here (remoteStyles.ts).
        if (manifestUrl) manifestRead(manifestUrl, manifestJson as ManifestStyles);
        const version = manifestJson.metaData.buildInfo?.buildVersion ?? 'unknown';
        const line = `${moduleInfo.name} ${version} from ${manifestUrl ?? moduleInfo.name}`;
        if (!composed.has(line)) {
          composed.add(line);
          console.info(`[remotes] composed ${line}`);
        }
      }
      return args;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[remotes] ${id} failed to load during ${lifecycle}`, error);
      // Returning nothing lets the error reach the RemoteBoundary of the route that asked.
      return undefined;
    },
  };
}
