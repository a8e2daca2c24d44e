// Every workspace is a jest project; `npm run test:unit` runs them all in one run.
export default {
  // Jest's default (one worker fewer than the cores) runs the suite in band on a 2-core CI machine,
  // where a test's PGlite keeps one core busy and the other waits; two workers use both.
  maxWorkers: 2,
  projects: ['shared', 'tools', 'api', 'shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-orders', 'mf-ops'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
};
