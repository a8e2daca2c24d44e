import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { routePatterns } from '@grocer/shared';
import { RemoteHarness, type HarnessRoute } from '@grocer/shared/harness';
import HomePage from './features/home/HomePage.tsx';
import StorePage from './features/store/StorePage.tsx';
import SearchPage from './features/search/SearchPage.tsx';
import ProductPage from './features/product/ProductPage.tsx';
import SearchBox from './features/search-box/SearchBox.tsx';
import StoresMenu from './features/stores-menu/StoresMenu.tsx';

// The header widgets ride along on every harness page, as they do in the shell's header.
const withHeader = (page: ReactNode) => (
  <>
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '8px 0', flexWrap: 'wrap' }}>
      <StoresMenu />
      <div style={{ flex: '1 1 240px' }}>
        <SearchBox />
      </div>
    </div>
    {page}
  </>
);

const routes: HarnessRoute[] = [
  { path: routePatterns.home, link: '/', label: 'Home', element: withHeader(<HomePage />) },
  { path: routePatterns.store, link: '/store/demo', label: 'Store', element: withHeader(<StorePage />) },
  { path: routePatterns.storeCategory, link: '/store/demo/category/demo', label: 'Category', element: withHeader(<StorePage />) },
  { path: routePatterns.search, link: '/search?q=milk', label: 'Search', element: withHeader(<SearchPage />) },
  { path: routePatterns.product, link: '/store/demo/product/demo', label: 'Product', element: withHeader(<ProductPage />) },
];

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<RemoteHarness name="mf-catalog" routes={routes} />);
