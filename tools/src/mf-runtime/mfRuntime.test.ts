import { BUNDLER_RUNTIME_GLOBAL, type ProvidedBundlerRuntime } from './contract.ts';
import provideBundlerRuntime from './provideBundlerRuntime.ts';

const globals = globalThis as Record<string, unknown>;

/** What the shell's runtime plugin publishes at federation init. */
function publish(): ProvidedBundlerRuntime {
  const args = { options: { name: 'shell' } };
  expect(provideBundlerRuntime().beforeInit?.(args as never)).toBe(args);
  return globals[BUNDLER_RUNTIME_GLOBAL] as ProvidedBundlerRuntime;
}

describe('the bundler runtime the shell hands to its remotes', () => {
  it('the shell publishes every function a remote container calls, initContainerEntry included', () => {
    const provided = publish();
    for (const name of ['consumes', 'I', 'installInitialConsumes', 'initContainerEntry', 'init', 'getSharedFallbackGetter']) {
      expect({ name, type: typeof provided.bundlerRuntime[name] }).toEqual({ name, type: 'function' });
    }
    expect(typeof provided.attachShareScopeMap).toBe('function');
  });

  it('a remote refuses to start without the shell, with a message that says so', async () => {
    const provided = publish(); // the stand-in module reads the global when it is first imported
    const { federationFromHost } = await import('./bundlerRuntimeFromHost.ts');
    expect(() => federationFromHost(undefined)).toThrow(/bundler runtime of the Grocer shell/);
    expect(() => federationFromHost(provided)).not.toThrow();
  });

  it('each remote gets the shell’s functions but its own state: federation object and share scope map', async () => {
    const provided = publish();
    const { default: loaded, federationFromHost } = await import('./bundlerRuntimeFromHost.ts');
    const other = federationFromHost(provided);

    expect(loaded.bundlerRuntime.consumes).toBe(provided.bundlerRuntime.consumes);
    expect(loaded.bundlerRuntime.initContainerEntry).toBe(provided.bundlerRuntime.initContainerEntry);
    expect(loaded.attachShareScopeMap).toBe(provided.attachShareScopeMap);
    expect(loaded).not.toBe(other);
    expect(loaded.bundlerRuntime.S).not.toBe(other.bundlerRuntime.S);
    expect(loaded.bundlerRuntime.S).not.toBe(provided.bundlerRuntime.S);
    expect(loaded.bundlerRuntimeOptions).not.toBe(other.bundlerRuntimeOptions);
    expect(typeof loaded.runtime.init).toBe('function');
  });
});
