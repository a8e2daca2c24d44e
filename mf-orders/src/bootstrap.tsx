import { createRoot } from 'react-dom/client';
import { RemoteHarness, type HarnessRoute } from '@grocer/shared/harness';
import OrderConfirmationPage from './features/order-confirmation/OrderConfirmationPage.tsx';
import OrderDetailsPage from './features/order-details/OrderDetailsPage.tsx';
import OrderHistoryPage from './features/order-history/OrderHistoryPage.tsx';

// Order ids are UUIDs; any other id shows the details page's 'Invalid order ID' message.
const DEMO_ORDER_ID = '00000000-0000-4000-8000-000000000001';

const routes: HarnessRoute[] = [
  {
    path: '/order-confirmation/:orderId',
    link: `/order-confirmation/${DEMO_ORDER_ID}`,
    label: 'Order confirmation',
    element: <OrderConfirmationPage />,
  },
  { path: '/order-details/:orderId', link: `/order-details/${DEMO_ORDER_ID}`, label: 'Order details', element: <OrderDetailsPage /> },
  { path: '/order-history', link: '/order-history', label: 'Order history', element: <OrderHistoryPage /> },
];

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<RemoteHarness name="mf-orders" routes={routes} />);
