// The one name under which the shell hands its Module Federation bundler runtime to the remotes
// (provideBundlerRuntime.ts publishes it, bundlerRuntimeFromHost.ts reads it).
export const BUNDLER_RUNTIME_GLOBAL = '__GROCER_MF_BUNDLER_RUNTIME__';

/** The stateless part of `@module-federation/webpack-bundler-runtime`: functions that act on the `webpackRequire` they are given. */
export interface ProvidedBundlerRuntime {
  bundlerRuntime: Record<string, unknown>;
  attachShareScopeMap: (webpackRequire: unknown) => void;
}
