// Compile-time half of the shell ↔ mf-catalog contract: each exposed module's default export must fit what the
// shell expects of it (RemoteModules in @grocer/shared). A prop or export change that would break the
// composed page fails this remote's typecheck; tools/src/remoteContract.test.ts checks the built manifest.
import type { Fits, RemoteModules } from '@grocer/shared';
import type HomePage from './features/home/HomePage.tsx';
import type StorePage from './features/store/StorePage.tsx';
import type SearchPage from './features/search/SearchPage.tsx';
import type ProductPage from './features/product/ProductPage.tsx';
import type SearchBox from './features/search-box/SearchBox.tsx';
import type StoresMenu from './features/stores-menu/StoresMenu.tsx';

export type ExposedModulesContract = [
  Fits<typeof HomePage, RemoteModules['catalog/HomePage']>,
  Fits<typeof StorePage, RemoteModules['catalog/StorePage']>,
  Fits<typeof SearchPage, RemoteModules['catalog/SearchPage']>,
  Fits<typeof ProductPage, RemoteModules['catalog/ProductPage']>,
  Fits<typeof SearchBox, RemoteModules['catalog/SearchBox']>,
  Fits<typeof StoresMenu, RemoteModules['catalog/StoresMenu']>,
];
