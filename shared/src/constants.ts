// The timing and business constants of spec §9, in one place so tests and UI agree.
// Durations are milliseconds (`_MS`); money is integer cents (`_CENTS`).
export const CONSTANTS = {
  /** Catalogue page size (listing and search). */
  PAGE_SIZE: 20,
  DEFAULT_SORT: 'name',
  DEFAULT_ORDER: 'asc',
  /** The pager shows at most this many page numbers. */
  MAX_PAGE_LINKS: 5,
  /** Home store grid page size, and its number of placeholder cards while loading. */
  HOME_STORE_PAGE_SIZE: 6,
  /** A token counts as expired this long before its real expiry. */
  TOKEN_EXPIRY_SKEW_MS: 120_000,
  EXPIRY_CHECK_INTERVAL_MS: 300_000,
  /** 'Adding...' state of the Add to Cart button. */
  ADD_ANIMATION_MS: 300,
  /** 'Added!' state of the Add to Cart button. */
  ADDED_STATE_MS: 2_000,
  /** Delay before out-of-stock items are removed from a loaded cart. */
  OUT_OF_STOCK_CLEANUP_MS: 100,
  /** $7.50 per mile per store, summed across stores. */
  DELIVERY_RATE_CENTS_PER_MILE: 750,
  SUGGESTION_MIN_CHARS: 2,
  SUGGESTION_DEBOUNCE_MS: 300,
  SUGGESTION_LIMIT: 5,
  TOAST_MS: 3_000,
  /** 'Email sent!' state after a verification resend. */
  VERIFICATION_SENT_MS: 3_000,
  /** Stores dropdown close delay. */
  DROPDOWN_CLOSE_MS: 300,
  PROTECTED_ROUTE_WAIT_MS: 200,
  /** Checkout's wait for the cart when nothing is stored. */
  CART_LOAD_WAIT_MS: 300,
  /** Redirect to / after a successful password reset. */
  RESET_REDIRECT_MS: 3_000,
  /** Sign-out delay after a 'session has expired' / 'Authentication failed' message. */
  SESSION_ERROR_SIGNOUT_MS: 2_000,
  /** Estimated delivery, minutes from order time. */
  ESTIMATED_DELIVERY_MINUTES: 45,
  /** Items previewed per order card in the history. */
  HISTORY_PREVIEW_ITEMS: 3,
  /** 'Load More Orders' shows at this many orders or more. */
  LOAD_MORE_THRESHOLD: 10,
} as const;

/**
 * Where shoppers get help (spec §2 order pages' help contacts; the shell's contact strip shows the same).
 * `phoneHref` and `emailHref` are ready for links.
 */
export const SUPPORT_CONTACTS = {
  phone: '(312) 555-0142',
  phoneHref: 'tel:+13125550142',
  email: 'help@grocer.example',
  emailHref: 'mailto:help@grocer.example',
} as const;
