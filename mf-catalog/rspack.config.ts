import { createRemoteConfigs } from '@grocer/tools/rspack';
import routes from './src/routes.ts';

// The exposes map is this remote's public API; its names must match REMOTE_EXPOSES in @grocer/shared.
// `routes` are the pages it owns; the build writes them to routes.json for the shell.
export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfigs(
    {
      root: import.meta.dirname,
      dir: 'mf-catalog',
      title: 'Grocer catalogue (stand-alone)',
      exposes: {
        HomePage: './src/features/home/HomePage.tsx',
        StorePage: './src/features/store/StorePage.tsx',
        SearchPage: './src/features/search/SearchPage.tsx',
        ProductPage: './src/features/product/ProductPage.tsx',
        SearchBox: './src/features/search-box/SearchBox.tsx',
        StoresMenu: './src/features/stores-menu/StoresMenu.tsx',
      },
      routes,
    },
    argv,
  );
