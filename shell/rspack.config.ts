import { createShellConfigs } from '@grocer/tools/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createShellConfigs({ root: import.meta.dirname, dir: 'shell', title: 'Groceries from your local stores | Grocer' }, argv);
