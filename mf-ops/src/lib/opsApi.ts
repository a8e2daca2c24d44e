// The store side's calls (contracts/ops.ts, docs/ops-api.md), injected into the one shared RTK Query
// api with tags of their own. Every feature of this remote reads its hooks from here, since features
// never import each other. All calls carry the signed-in user's token; the API decides what each role
// may see (staff of one store get 404 for another's), so nothing here filters for security.
import {
  api,
  type AcceptInvitationPayload,
  type OpsAdvancePayload,
  type OpsCancelPayload,
  type OpsInventoryBulkPayload,
  type OpsInventoryBulkResult,
  type OpsInventoryImportResult,
  type OpsInventoryPage,
  type OpsInventoryPatch,
  type OpsInventorySort,
  type OpsStockChangeList,
  type OpsInventoryProduct,
  type OpsMarkLinePayload,
  type OpsMe,
  type OpsPriceChangeList,
  type OpsNotification,
  type OpsNotificationPage,
  type OpsPasswordChangePayload,
  type OpsQueue,
  type OpsReplacementList,
  type OpsStaffCreatePayload,
  type OpsStaffMember,
  type OpsStoreSettings,
  type OpsStorePart,
} from '@grocer/shared';
import { opsApiPaths, vitalsApiPaths, type AdminVitals } from '@grocer/shared/contracts';

export interface StorePartArg {
  orderId: string;
  storeUuid: string;
}

export interface InventoryArg {
  storeUuid: string;
  q: string;
  cursor: string | null;
  sort?: OpsInventorySort;
  order?: 'asc' | 'desc';
  lowStock?: boolean;
}

/** A CSV file's bytes as chosen, sent untouched: the API reads the encoding and refuses what is not UTF-8. */
export interface InventoryImportArg {
  storeUuid: string;
  file: ArrayBuffer;
}

const auth = { auth: true } as const;
const ORDERS = { type: 'OpsOrder', id: 'LIST' } as const;

export const opsApi = api
  .enhanceEndpoints({ addTagTypes: ['OpsMe', 'OpsOrder', 'OpsInventory', 'OpsSettings', 'OpsStaff', 'OpsNotification'] })
  .injectEndpoints({
    endpoints: (build) => ({
      opsMe: build.query<OpsMe, void>({
        query: () => opsApiPaths.me(),
        extraOptions: auth,
        providesTags: ['OpsMe'],
      }),
      opsStorePart: build.query<OpsStorePart, StorePartArg>({
        query: ({ orderId, storeUuid }) => opsApiPaths.storePart(orderId, storeUuid),
        extraOptions: auth,
        providesTags: (_part, _error, { orderId }) => [{ type: 'OpsOrder', id: orderId }],
      }),
      opsQueue: build.query<OpsQueue, { storeUuid?: string }>({
        query: (params) => ({ url: opsApiPaths.queue(), params: withoutBlanks(params) }),
        extraOptions: auth,
        providesTags: [ORDERS],
      }),
      opsChangePassword: build.mutation<{ success: true; message: string }, OpsPasswordChangePayload>({
        query: (body) => ({ url: opsApiPaths.mePassword(), method: 'POST', body }),
        extraOptions: auth,
      }),
      opsAdvance: build.mutation<OpsStorePart, StorePartArg & OpsAdvancePayload>({
        query: ({ orderId, storeUuid, status, deliverEarly }) => ({
          url: opsApiPaths.storePartStatus(orderId, storeUuid),
          method: 'POST',
          body: deliverEarly ? { status, deliverEarly } : { status },
        }),
        extraOptions: auth,
        invalidatesTags: (_part, _error, { orderId }) => [{ type: 'OpsOrder', id: orderId }, ORDERS],
      }),
      opsMarkLine: build.mutation<OpsStorePart, { orderId: string; lineId: number } & OpsMarkLinePayload>({
        query: ({ orderId, lineId, ...body }) => ({ url: opsApiPaths.line(orderId, lineId), method: 'POST', body }),
        extraOptions: auth,
        invalidatesTags: (_part, _error, { orderId }) => [{ type: 'OpsOrder', id: orderId }, ORDERS],
      }),
      opsReplacements: build.query<OpsReplacementList, { orderId: string; lineId: number; q: string }>({
        query: ({ orderId, lineId, q }) => ({ url: opsApiPaths.lineReplacements(orderId, lineId), params: withoutBlanks({ q }) }),
        extraOptions: auth,
      }),
      opsCancel: build.mutation<OpsStorePart, { orderId: string } & OpsCancelPayload>({
        query: ({ orderId, reason }) => ({ url: opsApiPaths.cancel(orderId), method: 'POST', body: { reason } }),
        extraOptions: auth,
        invalidatesTags: (_part, _error, { orderId }) => [{ type: 'OpsOrder', id: orderId }, ORDERS],
      }),
      opsInventory: build.query<OpsInventoryPage, InventoryArg>({
        query: ({ storeUuid, q, cursor, sort, order, lowStock }) => ({
          url: opsApiPaths.inventory(storeUuid),
          params: withoutBlanks({ q, sort, order, lowStock: lowStock ? 'true' : undefined, cursor: cursor ?? undefined }),
        }),
        extraOptions: auth,
        providesTags: (_page, _error, { storeUuid }) => [{ type: 'OpsInventory', id: storeUuid }],
      }),
      opsPatchProduct: build.mutation<OpsInventoryProduct, { storeUuid: string; productUuid: string } & OpsInventoryPatch>({
        query: ({ storeUuid, productUuid, ...body }) => ({
          url: opsApiPaths.inventoryProduct(storeUuid, productUuid),
          method: 'PATCH',
          body,
        }),
        extraOptions: auth,
        invalidatesTags: (_product, _error, { storeUuid }) => [{ type: 'OpsInventory', id: storeUuid }],
      }),
      opsPriceChanges: build.query<OpsPriceChangeList, { storeUuid: string; productUuid: string }>({
        query: ({ storeUuid, productUuid }) => opsApiPaths.priceChanges(storeUuid, productUuid),
        extraOptions: auth,
        providesTags: (_list, _error, { storeUuid }) => [{ type: 'OpsInventory', id: storeUuid }],
      }),
      opsStockChanges: build.query<OpsStockChangeList, { storeUuid: string; productUuid: string }>({
        query: ({ storeUuid, productUuid }) => opsApiPaths.stockChanges(storeUuid, productUuid),
        extraOptions: auth,
        providesTags: (_list, _error, { storeUuid }) => [{ type: 'OpsInventory', id: storeUuid }],
      }),
      /** preview: true answers what would change; otherwise applies, and the table reloads. */
      opsBulkProducts: build.mutation<OpsInventoryBulkResult, { storeUuid: string } & OpsInventoryBulkPayload>({
        query: ({ storeUuid, ...body }) => ({ url: opsApiPaths.inventoryBulk(storeUuid), method: 'POST', body }),
        extraOptions: auth,
        invalidatesTags: (result, _error, { storeUuid }) => (result?.applied ? [{ type: 'OpsInventory', id: storeUuid }] : []),
      }),
      /** The store's inventory as CSV text (saved by the page as a file). */
      opsInventoryCsv: build.query<string, string>({
        query: (storeUuid) => ({ url: opsApiPaths.inventoryCsv(storeUuid), responseHandler: 'text' }),
        extraOptions: auth,
        keepUnusedDataFor: 0,
      }),
      opsImportPreview: build.mutation<OpsInventoryImportResult, InventoryImportArg>({
        query: ({ storeUuid, file }) => ({
          url: opsApiPaths.inventoryImportPreview(storeUuid),
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: file,
        }),
        extraOptions: auth,
      }),
      opsImport: build.mutation<OpsInventoryImportResult, InventoryImportArg>({
        query: ({ storeUuid, file }) => ({
          url: opsApiPaths.inventoryImport(storeUuid),
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: file,
        }),
        extraOptions: auth,
        invalidatesTags: (_result, _error, { storeUuid }) => [{ type: 'OpsInventory', id: storeUuid }],
      }),
      opsSettings: build.query<OpsStoreSettings, string>({
        query: (storeUuid) => opsApiPaths.settings(storeUuid),
        extraOptions: auth,
        providesTags: (_settings, _error, storeUuid) => [{ type: 'OpsSettings', id: storeUuid }],
      }),
      opsSaveSettings: build.mutation<OpsStoreSettings, { storeUuid: string; settings: OpsStoreSettings }>({
        query: ({ storeUuid, settings }) => ({ url: opsApiPaths.settings(storeUuid), method: 'PUT', body: settings }),
        extraOptions: auth,
        invalidatesTags: (_settings, _error, { storeUuid }) => [{ type: 'OpsSettings', id: storeUuid }],
      }),
      opsStaff: build.query<OpsStaffMember[], void>({
        query: () => opsApiPaths.staff(),
        extraOptions: auth,
        transformResponse: (answer: { staff: OpsStaffMember[] }) => answer.staff,
        providesTags: ['OpsStaff'],
      }),
      opsCreateStaff: build.mutation<OpsStaffMember, OpsStaffCreatePayload>({
        query: (body) => ({ url: opsApiPaths.staff(), method: 'POST', body }),
        extraOptions: auth,
        invalidatesTags: ['OpsStaff'],
      }),
      opsResendInvitation: build.mutation<unknown, string>({
        query: (userUuid) => ({ url: opsApiPaths.staffInvitation(userUuid), method: 'POST' }),
        extraOptions: auth,
        invalidatesTags: ['OpsStaff'],
      }),
      /** Public: the invited staff member has no session yet. */
      opsAcceptInvitation: build.mutation<unknown, AcceptInvitationPayload>({
        query: (body) => ({ url: opsApiPaths.acceptInvitation(), method: 'POST', body }),
      }),
      opsNotifications: build.infiniteQuery<OpsNotificationPage, string | undefined, string | null>({
        infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.nextCursor },
        query: ({ queryArg: storeUuid, pageParam }) => ({
          url: opsApiPaths.notifications(),
          params: withoutBlanks({ storeUuid, cursor: pageParam ?? undefined }),
        }),
        extraOptions: auth,
        providesTags: ['OpsNotification'],
      }),
      opsRetryNotification: build.mutation<OpsNotification, number>({
        query: (id) => ({ url: opsApiPaths.notificationRetry(id), method: 'POST' }),
        extraOptions: auth,
        invalidatesTags: ['OpsNotification'],
      }),
      /** Admins: shoppers' Core Web Vitals, p75 per route and metric over the last `hours`. */
      opsVitals: build.query<AdminVitals, { hours: number }>({
        query: ({ hours }) => ({ url: vitalsApiPaths.admin(), params: { hours } }),
        extraOptions: auth,
      }),
      /** A single-use ticket for the live stream (EventSource cannot send the bearer token). */
      opsStreamTicket: build.mutation<{ ticket: string; expiresAt: string }, void>({
        query: () => ({ url: opsApiPaths.streamTicket(), method: 'POST' }),
        extraOptions: auth,
      }),
    }),
  });

/** Query parameters without the empty ones, so '' never reaches the API as a filter. */
function withoutBlanks(params: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Record<
    string,
    string | number
  >;
}

export const {
  useOpsMeQuery,
  useOpsQueueQuery,
  useOpsChangePasswordMutation,
  useOpsStorePartQuery,
  useOpsAdvanceMutation,
  useOpsMarkLineMutation,
  useOpsReplacementsQuery,
  useOpsCancelMutation,
  useOpsInventoryQuery,
  useOpsPatchProductMutation,
  useOpsPriceChangesQuery,
  useOpsStockChangesQuery,
  useOpsBulkProductsMutation,
  useLazyOpsInventoryCsvQuery,
  useOpsImportPreviewMutation,
  useOpsImportMutation,
  useOpsSettingsQuery,
  useOpsSaveSettingsMutation,
  useOpsStaffQuery,
  useOpsCreateStaffMutation,
  useOpsResendInvitationMutation,
  useOpsAcceptInvitationMutation,
  useOpsNotificationsInfiniteQuery,
  useOpsRetryNotificationMutation,
  useOpsStreamTicketMutation,
  useOpsVitalsQuery,
} = opsApi;
