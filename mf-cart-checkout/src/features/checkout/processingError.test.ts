import { bread, errorBody, line, milk } from '../../testing/fixtures.ts';
import { CheckoutStepError, processingErrorText, type UnavailableProduct } from './processingError.ts';

const http = (status: number, message: string, code = 'ERROR', extra: object = {}) => {
  const body = errorBody(message, code);
  return { status, data: { ...body, error: { ...body.error, ...extra } } };
};

describe('processingErrorText (spec §8)', () => {
  const prefix = 'An error occurred while processing your order. ';

  it('asks to check the connection when the message mentions network or timeout, or nothing answered', () => {
    expect(processingErrorText(http(504, 'Upstream timeout'))).toBe(`${prefix}Please check your connection and try again.`);
    expect(processingErrorText(new Error('Network request failed'))).toBe(`${prefix}Please check your connection and try again.`);
    expect(processingErrorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      `${prefix}Please check your connection and try again.`,
    );
  });

  it('says the payment went through when the message mentions payment, or PayPal charged another amount', () => {
    const charged = `${prefix}Payment was successful but order processing failed. Please contact support.`;
    expect(processingErrorText(http(500, 'Payment could not be recorded'))).toBe(charged);
    expect(processingErrorText(new CheckoutStepError('payment mismatch'))).toBe(charged);
    expect(processingErrorText(http(409, 'The amount PayPal charged does not match', 'AMOUNT_MISMATCH'))).toBe(charged);
  });

  it('otherwise asks to try again, also for server codes that mean nothing was charged', () => {
    const generic = `${prefix}Please try again or contact support if the problem persists.`;
    expect(processingErrorText(http(500, 'Failed to create order'))).toBe(generic);
    expect(processingErrorText({ status: 500, data: null })).toBe(generic);
    expect(processingErrorText(http(409, 'Your cart changed after the payment was started.', 'CART_CHANGED'))).toBe(generic);
    expect(processingErrorText(http(502, 'We could not confirm your PayPal payment yet.', 'PAYMENT_PROVIDER_UNAVAILABLE'))).toBe(generic);
  });

  it("shows the payment provider's text when PayPal declined", () => {
    expect(processingErrorText(http(402, 'PayPal payment failed. Please try again.', 'PAYMENT_FAILED'))).toBe(
      'PayPal payment failed. Please try again.',
    );
  });

  it('names the unavailable products of a 409 PRODUCTS_UNAVAILABLE', () => {
    const items = [line(milk), line(bread)];
    const products: UnavailableProduct[] = [
      { productId: 'p-bread', name: '', reason: 'INACTIVE' },
      { productId: 'p-milk', name: 'Whole Milk', reason: 'INSUFFICIENT_STOCK' },
    ];
    expect(
      processingErrorText(http(409, 'Some items are not available', 'PRODUCTS_UNAVAILABLE', { field: 'items', products }), items),
    ).toBe(
      `${prefix}These items are not available: Rye Bread (no longer sold), Whole Milk (not enough in stock). Please try again or contact support if the problem persists.`,
    );
    // Without a list the server's own message is used.
    expect(processingErrorText(http(409, 'No longer available: Whole Milk', 'PRODUCTS_UNAVAILABLE'), items)).toBe(
      `${prefix}No longer available: Whole Milk. Please try again or contact support if the problem persists.`,
    );
  });
});
