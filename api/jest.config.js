import { nodeProject } from '../tools/jest/preset.js';

const base = nodeProject(import.meta.dirname, 'api');

// Some ESM-only packages ("type": "module") are require()d by CommonJS ones: content-disposition 3 by
// @fastify/static (under @fastify/swagger-ui, for /docs) and cookie 2 by light-my-request (behind
// app.inject). Node 20.19+ can require() ESM, so the server runs fine, but
// Jest's module system only can on Node 24.9+; before that it loads require()d files through its CJS
// path, where a transform may compile them. So compile just these packages to CommonJS for tests.
// Drop this once the repo's Node is 24.9+.
const esmOnlyRequiredByCjs = ['content-disposition', 'cookie'];

export default {
  ...base,
  setupFilesAfterEnv: ['<rootDir>/src/testing/jest.setup.ts'],
  transform: {
    ...base.transform,
    [`/node_modules/(${esmOnlyRequiredByCjs.join('|')})/.+\\.js$`]: ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyRequiredByCjs.join('|')})/)`],
};
