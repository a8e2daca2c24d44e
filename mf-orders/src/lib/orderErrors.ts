// Spec §8 texts of the order pages, in one place so pages and tests agree.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const ORDER_ERRORS = {
  notFound:
    'This order could not be found. It may have been from a previous session. Please check your order history or contact support if you need assistance.',
  signedOut: 'Please log in to view order details.',
  invalidId: 'Invalid order ID. Please check the URL or contact support.',
  loadFailed: 'Unable to load order details. Please contact support.',
} as const;

export const HISTORY_ERRORS = {
  signedOut: 'Please log in to view your order history.',
  loadFailed: 'Failed to load your order history. Please try again later.',
} as const;

/** The details page's message for a failed GET /orders/{id}: 404 (not found or not yours), 400 (a bad id), anything else. */
export function orderLoadError(error: unknown): string {
  const status = error && typeof error === 'object' && 'status' in error ? (error as FetchBaseQueryError).status : undefined;
  if (status === 404) return ORDER_ERRORS.notFound;
  if (status === 400) return ORDER_ERRORS.invalidId;
  return ORDER_ERRORS.loadFailed;
}
