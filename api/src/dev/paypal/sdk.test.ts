// The JS SDK stand-in in a DOM (jsdom), loaded the way @paypal/react-paypal-js 10.5.2 loads PayPal's
// SDK: its loader (the same code as @paypal/paypal-js's loadScript, used here) inserts
// <script src="${sdkBaseUrl}?client-id=...&currency=USD&intent=capture&disable-funding=paylater">
// and waits for window.paypal. The API listens on a real port; the script and its calls go over HTTP.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findByRole, getByRole, queryByRole, waitFor } from '@testing-library/dom';
import { JSDOM } from 'jsdom';
import type { App } from '../../app.ts';
import { listenForPaypal, standInOrder, standInPaypalClient } from '../../testing/paypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';
import type { PaypalClient } from '../../services/paypal/types.ts';

const require = createRequire(import.meta.url);
// The package exports only its ESM/CJS entries; the browser build sits beside them.
const LOADER = readFileSync(path.join(path.dirname(require.resolve('@paypal/paypal-js')), '..', 'iife', 'paypal-js.js'), 'utf8');

interface ButtonsInstance {
  isEligible(): boolean;
  render(container: Element | string): Promise<void>;
  close(): Promise<void>;
  updateProps(props: object): Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: Record<string, unknown>): ButtonsInstance;
  FUNDING: Record<string, string>;
  version: string;
}
type TestWindow = JSDOM['window'] & { paypalLoadScript(options: Record<string, string>): Promise<PaypalNamespace> };

let app: App;
let paypal: PaypalClient;
let sdkBaseUrl: string;
let dom: JSDOM;
let window: TestWindow;
let sdk: PaypalNamespace;

beforeAll(async () => {
  app = await buildTestApp();
  sdkBaseUrl = `${await listenForPaypal(app)}/sdk/js`;
  paypal = await standInPaypalClient(app);
  dom = new JSDOM('<!doctype html><html lang="en"><head><title>Checkout</title></head><body><main></main></body></html>', {
    url: 'http://localhost:3000/checkout',
    runScripts: 'dangerously',
    resources: 'usable',
    pretendToBeVisual: true,
  });
  window = dom.window as TestWindow;
  // jsdom has no fetch; the shop's browsers do.
  Object.assign(window, { fetch });
  window.eval(LOADER);
  // The options PayPalScriptProvider passes (PayPalPayment.tsx) plus the data-* it adds itself.
  sdk = await window.paypalLoadScript({
    clientId: 'grocer-dev-client',
    currency: 'USD',
    intent: 'capture',
    disableFunding: 'paylater',
    sdkBaseUrl,
    dataJsSdkLibrary: 'react-paypal-js',
    dataSdkIntegrationSource: 'react-paypal-js',
    'data-react-paypal-script-id': 'react-paypal-js-test',
  });
});
afterAll(async () => {
  window?.close();
  await app?.close();
});

const body = () => window.document.body;

/** A fresh container and Buttons instance with recording callbacks; createOrder asks our server's PayPal client. */
async function renderButtons(overrides: Record<string, unknown> = {}, amountCents = 4250) {
  const container = window.document.createElement('div');
  body().querySelector('main')!.append(container);
  const calls: { name: string; args: unknown[] }[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push({ name, args });
    };
  let orderId = '';
  const buttons = sdk.Buttons({
    style: { layout: 'vertical', shape: 'rect', label: 'paypal' },
    createOrder: async () => {
      const reference = `ref-${Math.random().toString(36).slice(2)}`;
      orderId = (await paypal.createOrder({ orderReference: reference, amountCents, currency: 'USD', requestId: `create-${reference}` }))
        .id;
      return orderId;
    },
    onApprove: record('onApprove'),
    onCancel: record('onCancel'),
    onError: record('onError'),
    onInit: record('onInit'),
    onClick: record('onClick'),
    ...overrides,
  });
  await buttons.render(container);
  const button = getByRole(container, 'button', { name: 'PayPal' });
  return { buttons, container, button, calls, orderId: () => orderId, called: (name: string) => calls.filter((c) => c.name === name) };
}

// The dialog opens once the stand-in has stored the order in the database: seconds on a loaded machine.
const openDialog = () => findByRole(body(), 'dialog', { name: 'PayPal checkout (test)' }, { timeout: 5000 });
/** waitFor in the jsdom window (there is no global document here). */
const until = (check: () => void) => waitFor(check, { container: body() });

afterEach(() => {
  // A failed test must not leave its dialog to the next one.
  for (const overlay of body().querySelectorAll('[data-paypal-stand-in="overlay"]')) overlay.remove();
});

it('loads through the react-paypal-js loader from sdkBaseUrl', () => {
  const script = window.document.querySelector('script[data-react-paypal-script-id]') as HTMLScriptElement;
  expect(script.src).toBe(`${sdkBaseUrl}?client-id=grocer-dev-client&currency=USD&intent=capture&disable-funding=paylater`);
  expect(sdk.version).toMatch(/^5\./);
  expect(sdk.FUNDING.PAYPAL).toBe('paypal');
  expect(sdk.Buttons({ fundingSource: 'venmo' }).isEligible()).toBe(false);
  expect(sdk.Buttons({ fundingSource: 'paypal' }).isEligible()).toBe(true);
});

it('renders one "PayPal" button, calls onInit, and approves through the dialog', async () => {
  const view = await renderButtons();
  expect(view.called('onInit')).toHaveLength(1);
  view.button.click();

  const dialog = await openDialog();
  expect(view.called('onClick')[0]!.args[0]).toEqual({ fundingSource: 'paypal' });
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  expect(dialog.textContent).toContain('Pay $42.50 USD to Grocer');
  const approve = getByRole(dialog, 'button', { name: 'Approve' });
  expect(window.document.activeElement).toBe(approve);
  expect(getByRole(dialog, 'button', { name: 'Decline card' })).toBeTruthy();
  approve.click();

  await until(() => expect(view.called('onApprove')).toHaveLength(1));
  const [data, actions] = view.called('onApprove')[0]!.args as [Record<string, unknown>, { order: { get(): Promise<{ status: string }> } }];
  expect(data).toEqual({
    orderID: view.orderId(),
    payerID: expect.stringMatching(/^[A-Z0-9]{13}$/),
    paymentID: null,
    billingToken: null,
    facilitatorAccessToken: expect.any(String),
    paymentSource: 'paypal',
  });
  expect(queryByRole(body(), 'dialog')).toBeNull();
  expect((await actions.order.get()).status).toBe('APPROVED');
  // The server captures, as checkout does after onApprove.
  expect((await paypal.captureOrder(view.orderId(), 'capture-1')).capture).toMatchObject({ status: 'COMPLETED', amountCents: 4250 });
  expect(view.called('onError')).toEqual([]);
});

it('keeps focus in the dialog, cancels on Escape and hands focus back to the button', async () => {
  const view = await renderButtons();
  view.button.click();
  const dialog = await openDialog();
  const cancel = getByRole(dialog, 'button', { name: 'Cancel' });
  cancel.focus();
  cancel.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
  expect(window.document.activeElement).toBe(getByRole(dialog, 'button', { name: 'Approve' }));
  dialog.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

  await until(() => expect(view.called('onCancel')).toHaveLength(1));
  expect(view.called('onCancel')[0]!.args[0]).toEqual({ orderID: view.orderId() });
  expect(view.called('onApprove')).toEqual([]);
  expect(queryByRole(body(), 'dialog')).toBeNull();
  expect(window.document.activeElement).toBe(view.button);
  // Nothing was approved: PayPal's order waits for the payer, as after closing PayPal's window.
  expect((await standInOrder(app, view.orderId())).status).toBe('PAYER_ACTION_REQUIRED');
});

it('"Decline card" approves with a funding source the capture will decline', async () => {
  const view = await renderButtons({}, 999);
  view.button.click();
  getByRole(await openDialog(), 'button', { name: 'Decline card' }).click();
  await until(() => expect(view.called('onApprove')).toHaveLength(1));
  expect((await paypal.captureOrder(view.orderId(), 'capture-1')).capture).toMatchObject({ status: 'DECLINED', amountCents: 999 });
});

it('passes errors from createOrder and onApprove to onError', async () => {
  const failing = await renderButtons({ createOrder: () => Promise.reject(new Error('cart changed')) });
  failing.button.click();
  await until(() => expect(failing.called('onError')).toHaveLength(1));
  expect((failing.called('onError')[0]!.args[0] as Error).message).toBe('cart changed');
  expect(queryByRole(body(), 'dialog')).toBeNull();

  const noId = await renderButtons({ createOrder: async () => '' });
  noId.button.click();
  await until(() => expect(noId.called('onError')).toHaveLength(1));
  expect((noId.called('onError')[0]!.args[0] as Error).message).toBe('Expected an order id to be passed');

  const throwing = await renderButtons({ onApprove: () => Promise.reject(new Error('order placement failed')) });
  throwing.button.click();
  getByRole(await openDialog(), 'button', { name: 'Approve' }).click();
  await until(() => expect(throwing.called('onError')).toHaveLength(1));
  expect((throwing.called('onError')[0]!.args[0] as Error).message).toBe('order placement failed');
});

it('lets onClick stop the flow, and close() remove the button', async () => {
  let created = 0;
  const view = await renderButtons({
    onClick: () => false,
    createOrder: async () => {
      created += 1;
      return 'X';
    },
  });
  view.button.click();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(created).toBe(0);
  expect(queryByRole(body(), 'dialog')).toBeNull();

  await view.buttons.close();
  expect(queryByRole(view.container, 'button')).toBeNull();
  await expect(view.buttons.render(view.container)).rejects.toThrow();
  await expect(sdk.Buttons({}).render('#nowhere')).rejects.toThrow('#nowhere');
});
