// Every workspace is a jest project; `npm run test:unit` runs them all in one process.
export default {
  projects: ['shared', 'tools', 'api', 'shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-orders', 'mf-ops'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
};
