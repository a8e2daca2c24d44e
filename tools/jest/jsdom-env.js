// jsdom has no fetch; RTK Query needs one. Hand the test window Node's own fetch classes
// so the real base query runs in component tests.
import JSDOMEnvironmentModule from 'jest-environment-jsdom';

const JSDOMEnvironment = JSDOMEnvironmentModule.default ?? JSDOMEnvironmentModule.TestEnvironment ?? JSDOMEnvironmentModule;

export default class JsdomWithFetch extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
    ]) {
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
  }
}
