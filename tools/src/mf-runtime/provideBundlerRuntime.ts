// Runtime plugin of the shell (added by tools/src/rspack.ts): publishes the shell's copy of the
// Module Federation bundler runtime for the remotes, the way `provideExternalRuntime` publishes the
// runtime core. Without it every remoteEntry.js carries its own ~10 KB (3 KB gzip) copy of the same
// functions, and the home page loads three of them for its header widgets.
// Only stateless functions are shared: each remote keeps its own `federation` object, share scope
// map (`S`) and runtime instance (bundlerRuntimeFromHost.ts).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import federation from '@module-federation/webpack-bundler-runtime';
// The shell exposes nothing, so its build leaves initContainerEntry out of `bundlerRuntime`; every remote needs it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL, type ProvidedBundlerRuntime } from './contract.ts';

export default function provideBundlerRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'grocer-provide-bundler-runtime',
    beforeInit(args) {
      const provided: ProvidedBundlerRuntime = {
        bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry },
        attachShareScopeMap: federation.attachShareScopeMap as ProvidedBundlerRuntime['attachShareScopeMap'],
      };
      (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] = provided;
      return args;
    },
  };
}
