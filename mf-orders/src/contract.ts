// Compile-time half of the shell ↔ mf-orders contract: each exposed module's default export must fit what the
// shell expects of it (RemoteModules in @grocer/shared). A prop or export change that would break the
// composed page fails this remote's typecheck; tools/src/remoteContract.test.ts checks the built manifest.
import type { Fits, RemoteModules } from '@grocer/shared';
import type OrderConfirmationPage from './features/order-confirmation/OrderConfirmationPage.tsx';
import type OrderDetailsPage from './features/order-details/OrderDetailsPage.tsx';
import type OrderHistoryPage from './features/order-history/OrderHistoryPage.tsx';

export type ExposedModulesContract = [
  Fits<typeof OrderConfirmationPage, RemoteModules['orders/OrderConfirmationPage']>,
  Fits<typeof OrderDetailsPage, RemoteModules['orders/OrderDetailsPage']>,
  Fits<typeof OrderHistoryPage, RemoteModules['orders/OrderHistoryPage']>,
];
