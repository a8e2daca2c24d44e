// Every workspace is a jest project; `npm run test:unit` runs them all in one run.
export default {
  // Jest's default (one worker fewer than the cores) runs the suite in band on a 2-core CI machine,
  // where a test's PGlite keeps one core busy and the other waits; two workers use both.
  maxWorkers: 2,
  // Jest's 5 s default fails a test that starts servers or builds while a busy CI host shares its
  // cores (tools' static-server tests did at load 11); a hung test still fails. The API and the web
  // projects set their own limits in their setup files.
  testTimeout: 30_000,
  projects: ['shared', 'tools', 'api', 'shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-orders', 'mf-ops'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
};
