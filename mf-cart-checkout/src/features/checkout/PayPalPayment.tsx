// The PayPal button (spec §9: USD, intent capture, pay-later off; no-shipping and PAY_NOW are set on
// the order by the server). Which PayPal the page talks to comes from the API (decision 003): real
// credentials, or the dev SDK stand-in through `sdkBaseUrl`.
import { useMemo } from 'react';
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type PayPalButtonsComponentProps,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { Notice } from '@grocer/shared';
import { useCheckoutPaypalConfigQuery, type PaypalConfig } from './checkoutApi.ts';
import { PAYPAL_FAILED } from './processingError.ts';

export type PayPalCallbacks = Required<Pick<PayPalButtonsComponentProps, 'createOrder' | 'onApprove' | 'onError' | 'onCancel'>>;

export function paypalScriptOptions({ clientId, sdkBaseUrl }: PaypalConfig): ReactPayPalScriptOptions {
  return {
    clientId,
    currency: 'USD',
    intent: 'capture',
    disableFunding: 'paylater',
    ...(sdkBaseUrl ? { sdkBaseUrl } : {}),
  };
}

function PayPalArea(callbacks: PayPalCallbacks) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  return (
    <div className="paypal-buttons" role="group" aria-label="Pay with PayPal" data-testid="paypal-buttons">
      {isPending && <p role="status">Loading PayPal...</p>}
      {/* The SDK script failed to load (blocked, offline, PayPal down): the spec's payment error. */}
      {isRejected && <Notice kind="error">{PAYPAL_FAILED}</Notice>}
      <PayPalButtons style={{ layout: 'vertical', shape: 'rect', label: 'paypal' }} {...callbacks} />
    </div>
  );
}

export function PayPalPayment(callbacks: PayPalCallbacks) {
  const config = useCheckoutPaypalConfigQuery();
  // The provider reads its options once; keep them stable.
  const options = useMemo(() => (config.data?.clientId ? paypalScriptOptions(config.data) : null), [config.data]);
  if (config.isLoading) return <p role="status">Loading PayPal...</p>;
  if (!options) return <Notice kind="error">{PAYPAL_FAILED}</Notice>;
  return (
    <PayPalScriptProvider options={options}>
      <PayPalArea {...callbacks} />
    </PayPalScriptProvider>
  );
}
