// A paid order of the seeded demo shopper, placed through the API as checkout places it: for the
// bench's signed-in order page and the e2e specs that need an order without going through checkout.
import { CLIENT_DOMAIN_HEADER } from '@grocer/shared/contracts';
import type { Product, StoreWindowsJson } from '@grocer/shared';

async function answer<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A call to the API as the shop's pages make it (JSON, the client-domain header, the bearer token). */
export function apiClient(apiUrl: string, shellOrigin: string) {
  return <T>(method: 'GET' | 'POST', pathname: string, options: { token?: string; body?: unknown } = {}) =>
    fetch(`${apiUrl}${pathname}`, {
      method,
      headers: {
        [CLIENT_DOMAIN_HEADER]: shellOrigin,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }).then((response) => answer<T>(response, `${method} ${pathname}`));
}

/** The seeded demo shopper (api/README.md): verified, with an address the stores deliver to. */
export const DEMO_SHOPPER = { email: 'shopper@grocer.test', password: 'Grocer-demo-2024' };

/**
 * A paid order of the demo shopper for `product`, placed through the API the way checkout places it
 * (a held delivery window, the PayPal order, the PayPal stand-in's approval, the order): its id and
 * the signed-in user as the shell stores it.
 */
export async function placeDemoOrder(call: ReturnType<typeof apiClient>, product: Product): Promise<{ orderId: string; user: unknown }> {
  const { user, token } = await call<{ user: unknown; token: string }>('POST', '/auth/login', { body: DEMO_SHOPPER });
  const rules = await call<Array<{ storeUuid: string; minOrderCents: number }>>('GET', '/open/store-rules');
  const minimum = rules.find((r) => r.storeUuid === product.store.uuid)?.minOrderCents ?? 0;
  // Enough of the one product to meet the store's minimum order.
  const quantity = Math.max(1, Math.ceil(minimum / product.price_cents));
  const stores = await call<StoreWindowsJson[]>('POST', '/delivery/windows', { token, body: { storeUuids: [product.store.uuid] } });
  for (const store of stores) {
    const window = store.windows.find((w) => w.available);
    if (!window) throw new Error(`no open delivery window at ${store.storeName}`);
    await call('POST', '/delivery/holds', { token, body: { storeUuid: store.storeUuid, startsAt: window.startsAt } });
  }
  const items = [{ productId: product.uuid, quantity }];
  const started = await call<{ paypalOrderId: string; orderReference: string }>('POST', '/payments/paypal/orders', {
    token,
    body: { items },
  });
  await call('POST', `/dev/paypal/orders/${encodeURIComponent(started.paypalOrderId)}/approve`, { body: {} });
  await call('POST', '/orders/create', {
    token,
    body: { items, deliveryInfo: { phone: '(312) 555-0199' }, paymentMethod: 'paypal', paypalOrderDetails: { id: started.paypalOrderId } },
  });
  return { orderId: started.orderReference, user };
}
