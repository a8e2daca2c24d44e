// One jest preset for every workspace, so all packages compile tests the same way (@swc/jest)
// and a newcomer finds one place to change it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const swc = (module) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: module },
  },
];

/** Browser packages: jsdom with Node's fetch, CommonJS transform (jest.mock hoisting works). */
export function webProject(rootDir, displayName) {
  return {
    displayName,
    rootDir,
    testEnvironment: path.join(here, 'jsdom-env.js'),
    transform: { '^.+\\.(t|j)sx?$': swc('commonjs') },
    setupFilesAfterEnv: [path.join(here, 'setup-web.js')],
    moduleNameMapper: { '\\.(css|svg|png|jpg|webp)$': path.join(here, 'file-stub.js') },
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  };
}

/** Node packages (api, tools): native ESM so import.meta and ESM-only deps behave as in production. */
export function nodeProject(rootDir, displayName) {
  return {
    displayName,
    rootDir,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': swc('es6') },
    testMatch: ['<rootDir>/src/**/*.test.ts'],
  };
}
