// "Mark the order as placed" (spec §4 Checkout): placing an order empties the cart, and an empty cart
// sends the checkout to /cart, unless an order was just placed (spec §2). The mark lives in this
// tab's sessionStorage until the checkout page goes away.
import { SESSION_STORAGE_KEYS } from '@grocer/shared';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled by the browser; then the mark is simply absent.
    return null;
  }
}

export function markOrderPlaced(orderId: string): void {
  storage()?.setItem(SESSION_STORAGE_KEYS.orderJustPlaced, orderId);
}

export function wasOrderJustPlaced(): boolean {
  return !!storage()?.getItem(SESSION_STORAGE_KEYS.orderJustPlaced);
}

export function clearOrderPlaced(): void {
  storage()?.removeItem(SESSION_STORAGE_KEYS.orderJustPlaced);
}
