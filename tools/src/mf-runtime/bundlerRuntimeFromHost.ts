// Stands in for `@module-federation/webpack-bundler-runtime` in a remote's production build
// (tools/src/rspack.ts aliases it): the functions come from the shell (provideBundlerRuntime.ts),
// the state is this remote's own. A remote's production build already takes the runtime core from
// the shell (`externalRuntime`), so it cannot run without the shell either way; its dev build keeps
// both copies so it still runs alone in its harness.
import * as runtime from '@module-federation/runtime';
import { BUNDLER_RUNTIME_GLOBAL, type ProvidedBundlerRuntime } from './contract.ts';

/** This container's `federation` object: the shell's functions, this remote's own state. */
export function federationFromHost(provided: ProvidedBundlerRuntime | undefined) {
  if (!provided) {
    throw new Error('This remote needs the Module Federation bundler runtime of the Grocer shell; load it through the shell.');
  }
  // The same shape as the package's default export, which the federation entry copies onto __webpack_require__.federation.
  return {
    runtime,
    instance: undefined,
    initOptions: undefined,
    // S: this container's share scope map, never the shell's object.
    bundlerRuntime: { ...provided.bundlerRuntime, S: {} } as ProvidedBundlerRuntime['bundlerRuntime'],
    attachShareScopeMap: provided.attachShareScopeMap,
    bundlerRuntimeOptions: {},
  };
}

export default federationFromHost((globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] as ProvidedBundlerRuntime | undefined);
