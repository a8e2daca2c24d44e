import path from 'node:path';
import { sharedConfig, SINGLETONS, SINGLETON_SUBPATHS } from './mf.ts';
import { REPO_ROOT } from './stack.ts';

describe('federation shared config', () => {
  const shared = sharedConfig(path.join(REPO_ROOT, 'mf-catalog'));

  it('shares every singleton and the entry points apps import directly, strictly, at the app’s own range', () => {
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS, ...Object.keys(SINGLETON_SUBPATHS)].sort());
    expect(shared['@reduxjs/toolkit/query']).toEqual({ singleton: true, strictVersion: true, requiredVersion: shared['@reduxjs/toolkit']?.requiredVersion });
    expect(shared.react?.requiredVersion).toMatch(/^\^19\./);
  });

  it('refuses an app that does not depend on a singleton', () => {
    expect(() => sharedConfig(path.join(REPO_ROOT, 'tools'))).toThrow(/must depend on react/);
  });
});
