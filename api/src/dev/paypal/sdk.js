/*
 * Grocer's stand-in for PayPal's JavaScript SDK (www.paypal.com/sdk/js), served by the API at
 * GET /dev/paypal/sdk/js outside production. It runs in the shopper's browser, not in Node.
 *
 * The contract it keeps (what @paypal/react-paypal-js 10.5.2 and @paypal/paypal-js use):
 * - Loaded as a classic <script> whose src is `${sdkBaseUrl}?client-id=...&currency=USD&intent=capture&...`
 *   (react-paypal-js builds that from the `sdkBaseUrl` option; the API answers GET /payments/paypal/config
 *   with sdkBaseUrl = `${PUBLIC_API_URL}/dev/paypal/sdk/js`). The loader resolves once `window[namespace]`
 *   exists, namespace = the script's data-namespace attribute or 'paypal'.
 * - `paypal.Buttons(options)` returns `{ isEligible(), render(container) → Promise, close() → Promise,
 *   updateProps(props) → Promise, hasReturned(), resume() }`; also `paypal.FUNDING`, `paypal.version`,
 *   `getFundingSources()`, `isFundingEligible()`, `rememberFunding()`.
 * - render() puts one button named exactly "PayPal" in the container and calls options.onInit(data, { enable, disable }).
 * - A click calls options.onClick (may veto with `false` or actions.reject()), then options.createOrder(data, actions)
 *   for the PayPal order id (our server creates the order), reads the amount from GET {base}/orders/{id}/summary,
 *   and opens an in-page dialog (role="dialog", name "PayPal checkout (test)") with the buttons
 *   "Approve", "Decline card" and "Cancel". Approve is focused; Escape cancels; Tab stays inside.
 *   - Approve → POST {base}/orders/{id}/approve → options.onApprove({ orderID, payerID, paymentID: null,
 *     billingToken: null, facilitatorAccessToken, paymentSource: 'paypal' }, actions).
 *   - Decline card → the same approval with { outcome: 'decline' }: the server's capture comes back DECLINED.
 *   - Cancel / Escape → POST {base}/orders/{id}/cancel → options.onCancel({ orderID }, { redirect }).
 *   - Anything thrown (createOrder, onApprove, a failed request) → options.onError(error).
 * Where the real SDK opens a PayPal popup, this one stays in the page; no money moves.
 */
(function () {
  'use strict';

  const DIALOG_NAME = 'PayPal checkout (test)';
  const FUNDING = {
    PAYPAL: 'paypal',
    VENMO: 'venmo',
    APPLEPAY: 'applepay',
    ITAU: 'itau',
    CREDIT: 'credit',
    PAYLATER: 'paylater',
    CARD: 'card',
    IDEAL: 'ideal',
    SEPA: 'sepa',
    BANCONTACT: 'bancontact',
    GIROPAY: 'giropay',
    SOFORT: 'sofort',
    EPS: 'eps',
    MYBANK: 'mybank',
    P24: 'p24',
    BLIK: 'blik',
    TRUSTLY: 'trustly',
    OXXO: 'oxxo',
  };
  const BUTTON_COLORS = {
    gold: ['#ffc439', '#111111'],
    blue: ['#0070ba', '#ffffff'],
    silver: ['#eeeeee', '#111111'],
    white: ['#ffffff', '#111111'],
    black: ['#000000', '#ffffff'],
  };
  const RADIUS = { rect: '4px', pill: '23px', sharp: '0' };

  // The script finds its own URL: the endpoints sit beside /sdk/js, and the query holds the options.
  const script = document.currentScript || document.querySelector('script[src*="/sdk/js?"]');
  const src = new URL(script.src, document.baseURI);
  const base = src.origin + src.pathname.replace(/\/sdk\/js$/, '');
  const namespace = script.getAttribute('data-namespace') || 'paypal';
  const currency = (src.searchParams.get('currency') || 'USD').toUpperCase();
  let dialogCount = 0;

  async function call(method, path, body, token) {
    const headers = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = 'Bearer ' + token;
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (!res.ok) {
      const detail = json && (json.message || (json.error && json.error.message));
      throw new Error('PayPal stand-in: ' + method + ' ' + path + ' answered ' + res.status + (detail ? ' (' + detail + ')' : ''));
    }
    return json;
  }

  function formatAmount(amount) {
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: amount.currency_code }).format(Number(amount.value));
    return shown + ' ' + amount.currency_code;
  }

  function element(tag, props, style) {
    const el = document.createElement(tag);
    Object.assign(el, props || {});
    // CSSOM, not a <style> element or style attribute, so a page's style-src CSP does not block it.
    Object.assign(el.style, style || {});
    return el;
  }

  /**
   * The approval dialog for one order. Resolves with 'approve', 'decline' or 'cancel'; `dispose` removes it.
   * The caller keeps it open (buttons disabled) while it tells the server.
   */
  function approvalDialog(orderID, summary) {
    const id = 'grocer-paypal-' + ++dialogCount;
    const overlay = element(
      'div',
      {},
      {
        position: 'fixed',
        inset: '0',
        background: 'rgba(0, 0, 0, 0.45)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        zIndex: '2147483000',
        fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
      },
    );
    overlay.setAttribute('data-paypal-stand-in', 'overlay');
    const dialog = element(
      'div',
      { id },
      {
        background: '#ffffff',
        color: '#111111',
        borderRadius: '8px',
        padding: '1.25rem 1.5rem',
        width: 'min(24rem, calc(100% - 2rem))',
        boxShadow: '0 10px 30px rgba(0, 0, 0, 0.3)',
      },
    );
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', id + '-title');
    dialog.setAttribute('aria-describedby', id + '-amount');
    const title = element(
      'h2',
      { id: id + '-title', textContent: DIALOG_NAME },
      { margin: '0 0 0.75rem', fontSize: '1.25rem', color: '#003087' },
    );
    const amount = element(
      'p',
      { id: id + '-amount', textContent: 'Pay ' + formatAmount(summary.amount) + ' to Grocer' },
      { margin: '0 0 0.5rem', fontSize: '1.1rem', fontWeight: '600' },
    );
    const note = element(
      'p',
      { textContent: 'Development stand-in for PayPal: no money moves. Order ' + orderID + '.' },
      { margin: '0 0 1rem', fontSize: '0.85rem', color: '#444444' },
    );
    const actions = element('div', {}, { display: 'flex', gap: '0.5rem', flexWrap: 'wrap' });
    const buttonStyle = { padding: '0.5rem 1rem', borderRadius: '4px', border: '1px solid #003087', font: 'inherit', cursor: 'pointer' };
    const approve = element(
      'button',
      { type: 'button', textContent: 'Approve' },
      { ...buttonStyle, background: '#0070ba', color: '#ffffff', borderColor: '#0070ba' },
    );
    const decline = element(
      'button',
      { type: 'button', textContent: 'Decline card' },
      { ...buttonStyle, background: '#ffffff', color: '#003087' },
    );
    const cancel = element(
      'button',
      { type: 'button', textContent: 'Cancel' },
      { ...buttonStyle, background: '#ffffff', color: '#003087' },
    );
    const buttons = [approve, decline, cancel];
    actions.append(approve, decline, cancel);
    dialog.append(title, amount, note, actions);
    overlay.append(dialog);

    let settled = false;
    const choice = new Promise((resolve) => {
      const choose = (value) => {
        if (settled) return;
        settled = true;
        for (const b of buttons) b.disabled = true;
        dialog.setAttribute('aria-busy', 'true');
        resolve(value);
      };
      approve.addEventListener('click', () => choose('approve'));
      decline.addEventListener('click', () => choose('decline'));
      cancel.addEventListener('click', () => choose('cancel'));
      overlay.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          choose('cancel');
        } else if (event.key === 'Tab') {
          // Keep focus inside the modal dialog.
          const at = buttons.indexOf(document.activeElement);
          const next = event.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : at === buttons.length - 1 ? 0 : at + 1;
          event.preventDefault();
          buttons[next].focus();
        }
      });
      // A click on the backdrop is a cancel, as closing PayPal's popup is.
      overlay.addEventListener('click', (event) => {
        if (event.target === overlay) choose('cancel');
      });
    });

    document.body.append(overlay);
    approve.focus();
    return { choice, dispose: () => overlay.remove() };
  }

  function Buttons(initialOptions) {
    const options = Object.assign({}, initialOptions);
    let wrapper = null;
    let button = null;
    let closed = false;
    let disabled = false;
    let busy = false;
    let openDialog = null;

    function reportError(err) {
      if (closed) return;
      // Objects pass as thrown (an Error from another frame is not `instanceof Error` here); primitives get wrapped.
      const error = typeof err === 'object' && err !== null ? err : new Error(String(err));
      if (typeof options.onError !== 'function') {
        console.error('PayPal stand-in:', error);
        return;
      }
      try {
        options.onError(error);
      } catch (thrown) {
        console.error('PayPal stand-in: onError threw', thrown);
      }
    }

    function setBusy(value) {
      busy = value;
      if (button) button.setAttribute('aria-busy', String(value));
    }

    /** True when onClick lets the flow go on: it may return false or call actions.reject(). */
    async function clickAllowed() {
      if (typeof options.onClick !== 'function') return true;
      let rejected = false;
      const result = await options.onClick(
        { fundingSource: FUNDING.PAYPAL },
        { resolve: () => Promise.resolve(), reject: () => ((rejected = true), Promise.resolve()) },
      );
      return !rejected && result !== false;
    }

    async function createOrderId() {
      if (typeof options.createOrder !== 'function')
        throw new Error('The Grocer PayPal stand-in needs createOrder: orders are created on the server');
      const orderID = await options.createOrder(
        { paymentSource: FUNDING.PAYPAL },
        { order: { create: () => Promise.reject(new Error('The Grocer PayPal stand-in does not create orders in the browser')) } },
      );
      if (typeof orderID !== 'string' || orderID === '') throw new Error('Expected an order id to be passed');
      return orderID;
    }

    function approveActions(orderID, token) {
      const path = '/v2/checkout/orders/' + encodeURIComponent(orderID);
      const unsupported = (what) => () => Promise.reject(new Error('The Grocer PayPal stand-in does not ' + what));
      return {
        order: {
          get: () => call('GET', path, undefined, token),
          capture: () => call('POST', path + '/capture', {}, token),
          authorize: unsupported('authorize orders'),
          patch: unsupported('patch orders'),
        },
        redirect: (url) => window.location.assign(url),
        restart: () => start(),
      };
    }

    async function start() {
      if (closed || busy) return;
      setBusy(true);
      try {
        if (!(await clickAllowed()) || disabled) return;
        const orderID = await createOrderId();
        const summary = await call('GET', '/orders/' + encodeURIComponent(orderID) + '/summary');
        // close() while createOrder or the summary was in flight: the component is gone.
        if (closed) return;
        openDialog = approvalDialog(orderID, summary);
        const choice = await openDialog.choice;
        const orderPath = '/orders/' + encodeURIComponent(orderID);
        let approved = null;
        try {
          if (choice === 'cancel') await call('POST', orderPath + '/cancel', {});
          else approved = await call('POST', orderPath + '/approve', { outcome: choice === 'decline' ? 'decline' : 'complete' });
        } finally {
          openDialog.dispose();
          openDialog = null;
          if (button && button.isConnected) button.focus();
        }
        if (closed) return;
        if (choice === 'cancel') {
          if (typeof options.onCancel === 'function') options.onCancel({ orderID }, { redirect: () => undefined });
          return;
        }
        if (typeof options.onApprove === 'function') {
          const data = {
            orderID,
            payerID: approved.payerID,
            paymentID: null,
            billingToken: null,
            facilitatorAccessToken: approved.facilitatorAccessToken,
            paymentSource: FUNDING.PAYPAL,
          };
          await options.onApprove(data, approveActions(orderID, approved.facilitatorAccessToken));
        }
      } catch (err) {
        reportError(err);
      } finally {
        setBusy(false);
      }
    }

    return {
      isEligible() {
        const source = options.fundingSource;
        return source === undefined || source === FUNDING.PAYPAL;
      },

      render(container) {
        if (closed) return Promise.reject(new Error('The PayPal Buttons instance was closed'));
        const target = typeof container === 'string' ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error('Document is ready and element ' + container + ' does not exist'));
        if (!this.isEligible()) return Promise.reject(new Error('Instance not eligible'));
        const style = options.style || {};
        const [background, color] = BUTTON_COLORS[style.color] || BUTTON_COLORS.gold;
        wrapper = element(
          'div',
          { className: 'paypal-buttons paypal-buttons-context-iframe' },
          { width: '100%', maxWidth: style.disableMaxWidth ? 'none' : '750px' },
        );
        wrapper.setAttribute('data-paypal-stand-in', 'buttons');
        button = element(
          'button',
          { type: 'button', textContent: 'PayPal' },
          {
            width: '100%',
            minHeight: (style.height || 45) + 'px',
            background,
            color,
            border: background === '#ffffff' ? '1px solid #555555' : 'none',
            borderRadius: typeof style.borderRadius === 'number' ? style.borderRadius + 'px' : RADIUS[style.shape] || RADIUS.rect,
            fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
            fontSize: '1rem',
            fontWeight: '700',
            fontStyle: 'italic',
            cursor: 'pointer',
          },
        );
        button.addEventListener('click', () => void start());
        wrapper.append(button);
        target.append(wrapper);
        if (typeof options.onInit === 'function') {
          const toggle = (value) => () => {
            disabled = value;
            if (button) button.setAttribute('aria-disabled', String(value));
            return Promise.resolve();
          };
          options.onInit({}, { enable: toggle(false), disable: toggle(true) });
        }
        return Promise.resolve();
      },

      close() {
        closed = true;
        if (openDialog) openDialog.dispose();
        if (wrapper) wrapper.remove();
        wrapper = null;
        button = null;
        return Promise.resolve();
      },

      updateProps(props) {
        Object.assign(options, props);
        return Promise.resolve();
      },

      hasReturned: () => false,
      resume: () => undefined,
    };
  }

  window[namespace] = {
    Buttons,
    FUNDING,
    version: '5.0.0-grocer-stand-in',
    getFundingSources: () => [FUNDING.PAYPAL],
    isFundingEligible: (source) => source === FUNDING.PAYPAL,
    rememberFunding: () => undefined,
    // Not part of PayPal's SDK: lets a page or test tell the stand-in from the real thing.
    standIn: { currency, dialogName: DIALOG_NAME },
  };
})();
