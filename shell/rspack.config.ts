import { createAppConfig } from '@grocer/tools/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig({ root: import.meta.dirname, dir: 'shell', title: 'Grocer — groceries from your local stores' }, argv);
