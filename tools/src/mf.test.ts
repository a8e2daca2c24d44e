import path from 'node:path';
import { SHARED_ENTRIES, sharedConfig, SINGLETONS, SINGLETON_SUBPATHS } from './mf.ts';
import { REPO_ROOT } from './stack.ts';

describe('federation shared config', () => {
  const shared = sharedConfig(path.join(REPO_ROOT, 'mf-catalog'));

  it('shares every singleton and the entry points apps import directly, strictly, at the app’s own range', () => {
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS, ...Object.keys(SINGLETON_SUBPATHS)].sort());
    expect(shared['@reduxjs/toolkit/query']).toEqual({
      singleton: true,
      strictVersion: true,
      requiredVersion: shared['@reduxjs/toolkit']?.requiredVersion,
      import: SHARED_ENTRIES['@reduxjs/toolkit/query'],
      version: shared['@reduxjs/toolkit']?.version,
    });
    expect(shared.react?.requiredVersion).toMatch(/^\^19\./);
  });

  it('leaves every singleton out of a remote built for the shell, and none out of the shell or a dev build', () => {
    const remote = sharedConfig(path.join(REPO_ROOT, 'mf-catalog'), { fromHost: true });
    expect(Object.keys(remote).sort()).toEqual(Object.keys(shared).sort());
    for (const [request, config] of Object.entries(remote)) {
      expect({ request, config }).toEqual({
        request,
        config: { singleton: true, strictVersion: true, requiredVersion: shared[request]?.requiredVersion, import: false },
      });
    }
    expect(Object.values(shared).some((config) => 'import' in config && config.import === false)).toBe(false);
  });

  it('provides react-router and Redux through their lists of used exports, under the packages’ own versions', () => {
    expect(shared['react-router']).toMatchObject({
      import: SHARED_ENTRIES['react-router'],
      version: expect.stringMatching(/^7\.\d+\.\d+$/),
    });
    expect(shared['react-redux']).toMatchObject({ import: SHARED_ENTRIES['react-redux'], version: expect.stringMatching(/^9\.\d+\.\d+$/) });
    for (const request of ['@reduxjs/toolkit', '@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react']) {
      expect(shared[request]).toMatchObject({ import: SHARED_ENTRIES[request], version: expect.stringMatching(/^2\.\d+\.\d+$/) });
    }
  });

  it('refuses an app that does not depend on a singleton', () => {
    expect(() => sharedConfig(path.join(REPO_ROOT, 'tools'))).toThrow(/must depend on react/);
  });
});
