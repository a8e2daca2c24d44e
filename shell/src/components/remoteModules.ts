// Where RemotePage and RemoteModule get a remote's module from: in the browser, Module Federation's
// runtime (remotes.ts); on the page server (src/server/renderPage.tsx), that process's registry of
// the remotes' server builds. A module given as loaded is rendered in its boundary's first render
// instead of through a lazy load, so the browser can hydrate what the server rendered with the same
// tree at once, the modules loaded before it hydrates (decision 013, step 5).
import { createContext } from 'react';
import { loadRemoteModule, type RemoteModuleExports } from '../app/remotes.ts';

export interface RemoteModules {
  /** The module, if it is loaded already. */
  loaded(id: string): RemoteModuleExports | undefined;
  /** Loads it; with `fresh`, from a clean slate (a Retry). */
  load(id: string, fresh: boolean): Promise<RemoteModuleExports>;
}

export const RemoteModulesContext = createContext<RemoteModules>({ loaded: () => undefined, load: loadRemoteModule });
