// The store side's URLs, built in one place. The patterns are what src/routes.ts declares to the shell;
// `opsPaths` builds links to them (the shared `paths` map covers the shopper's routes only).
// From the contracts entry: rspack.config.ts reads src/routes.ts (and so this file) in Node, without JSX.
import { OPS_INVITATION_PAGE, OPS_STAFF_ACCOUNT_PAGE } from '@grocer/shared/contracts';
export const OPS_PATTERNS = {
  board: '/admin',
  pickList: '/admin/orders/:orderId/stores/:storeId',
  inventory: '/admin/inventory',
  settings: '/admin/settings',
  staff: '/admin/staff',
  notifications: '/admin/notifications',
  vitals: '/admin/vitals',
  account: OPS_STAFF_ACCOUNT_PAGE,
  invitation: OPS_INVITATION_PAGE,
} as const;

const segment = encodeURIComponent;

export const opsPaths = {
  board: (query?: URLSearchParams) => (query && query.size > 0 ? `/admin?${query.toString()}` : '/admin'),
  pickList: (orderId: string, storeId: string) => `/admin/orders/${segment(orderId)}/stores/${segment(storeId)}`,
  inventory: () => OPS_PATTERNS.inventory,
  settings: () => OPS_PATTERNS.settings,
  staff: () => OPS_PATTERNS.staff,
  notifications: () => OPS_PATTERNS.notifications,
  vitals: () => OPS_PATTERNS.vitals,
  account: () => OPS_PATTERNS.account,
  invitation: (token: string) => `${OPS_PATTERNS.invitation}?token=${segment(token)}`,
} as const;
