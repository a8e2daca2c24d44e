import { createRoot } from 'react-dom/client';
import { RemoteHarness, type HarnessRoute } from '@grocer/shared/harness';
import CartPage from './features/cart/CartPage.tsx';
import CheckoutPage from './features/checkout/CheckoutPage.tsx';

const routes: HarnessRoute[] = [
  { path: '/cart', link: '/cart', label: 'Cart', element: <CartPage /> },
  { path: '/checkout', link: '/checkout', label: 'Checkout', element: <CheckoutPage /> },
];

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<RemoteHarness name="mf-cart-checkout" routes={routes} />);
