import '@testing-library/jest-dom';
import { jest } from '@jest/globals';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI host a route change with its
// lazy module and mocked call took longer (CheckoutPage's step change failed at load 12, passed alone).
// A test whose element never comes still fails, only later; the test's own limit leaves room for that.
configure({ asyncUtilTimeout: 4_000 });
jest.setTimeout(20_000);
