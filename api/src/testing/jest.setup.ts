// Loaded before every api test file (jest.config.js setupFilesAfterEnv).
import { jest } from '@jest/globals';

// A test database is a PGlite loaded from a dump (1-4 s of WebAssembly, more when both workers do it
// at once) inside beforeAll hooks, which share the test timeout; Jest's 5 s default made them flaky.
// A test or hook that builds a second app (initdb, migrations, seed) took 30-72 s on this 2-core
// machine at load average 13, so the limit leaves room for a busy CI host; a hung test still fails.
// (A project's `testTimeout` is ignored when jest runs from the root config, so it is set here.)
jest.setTimeout(90_000);
