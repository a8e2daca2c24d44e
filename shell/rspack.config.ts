import { createAppConfig } from '@grocer/tools/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig({ root: import.meta.dirname, dir: 'shell', title: 'Groceries from your local stores | Grocer' }, argv);
