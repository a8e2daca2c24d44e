// The notifications panel: what the shop sent to whom (the notifications table, which is
// the outbox), its mail delivery state, and a retry for mail that failed. Staff see their store's
// mail only; anything else is "not found" for them.
import type { OpsNotification, OpsNotificationPage, OpsNotificationState } from '@grocer/shared/contracts';
import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications, orders, type NotificationRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { decodeCursor, encodeCursor } from '../orders/cursor.ts';
import type { Outbox } from '../orders/outbox.ts';
import type { OpsAccess, OpsCaller } from './access.ts';

export const NOTIFICATION_LIST_DEFAULT_LIMIT = 25;
export const NOTIFICATION_LIST_MAX_LIMIT = 100;
const CURSOR_PREFIX = 'on1:';

export const PANEL_MESSAGES = {
  notFound: 'Notification not found.',
  notRetryable: 'Only mail that has not been delivered can be sent again.',
  orderCancelled: 'The order was cancelled, so this mail is no longer sent.',
  retryFailed: 'The mail could not be sent again; the outbox keeps retrying it.',
} as const;

export interface OpsNotificationsService {
  list(
    caller: OpsCaller,
    query: { storeUuid?: string; state?: OpsNotificationState; limit: number; cursor?: string },
  ): Promise<OpsNotificationPage>;
  retry(caller: OpsCaller, id: number): Promise<OpsNotification>;
}

export function notificationState(row: Pick<NotificationRow, 'deliverTo' | 'deliveredAt' | 'lastError'>): OpsNotificationState {
  if (row.deliverTo === null) return 'DASHBOARD';
  if (row.deliveredAt !== null) return 'SENT';
  return row.lastError !== null ? 'FAILED' : 'PENDING';
}

const STATE_WHERE: Record<OpsNotificationState, SQL> = {
  DASHBOARD: isNull(notifications.deliverTo),
  SENT: and(isNotNull(notifications.deliverTo), isNotNull(notifications.deliveredAt))!,
  FAILED: and(isNotNull(notifications.deliverTo), isNull(notifications.deliveredAt), isNotNull(notifications.lastError))!,
  PENDING: and(isNotNull(notifications.deliverTo), isNull(notifications.deliveredAt), isNull(notifications.lastError))!,
};

function toJson(row: NotificationRow, orderNumber: string): OpsNotification {
  return {
    id: row.id,
    type: row.type,
    orderId: row.orderId,
    orderNumber,
    recipient: row.recipient,
    deliverTo: row.deliverTo,
    state: notificationState(row),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.deliveredAt === null && row.deliverTo !== null ? row.nextAttemptAt.toISOString() : null,
  };
}

export function createOpsNotificationsService({
  db,
  access,
  outbox,
}: {
  db: Database;
  access: OpsAccess;
  outbox: Pick<Outbox, 'deliverOne'>;
}): OpsNotificationsService {
  /** Staff: only rows addressed to their store. */
  async function recipientScope(caller: OpsCaller, storeUuid: string | undefined): Promise<SQL | undefined> {
    const scope = await access.scopeUuid(caller);
    const store = storeUuid === undefined ? scope : (await access.store(caller, storeUuid)).uuid;
    return store === null ? undefined : eq(notifications.recipient, `store:${store}`);
  }

  async function one(caller: OpsCaller, id: number): Promise<OpsNotification> {
    const [row] = await db
      .select({ n: notifications, orderNumber: orders.orderNumber })
      .from(notifications)
      .innerJoin(orders, eq(orders.id, notifications.orderId))
      .where(and(eq(notifications.id, id), await recipientScope(caller, undefined)));
    if (!row) throw httpError(404, 'NOTIFICATION_NOT_FOUND', PANEL_MESSAGES.notFound);
    return toJson(row.n, row.orderNumber);
  }

  return {
    async list(caller, { storeUuid, state, limit, cursor }) {
      const before = cursor === undefined ? undefined : decodeCursor(cursor, CURSOR_PREFIX);
      // One more than asked tells whether there is a next page without counting.
      const rows = await db
        .select({ n: notifications, orderNumber: orders.orderNumber })
        .from(notifications)
        .innerJoin(orders, eq(orders.id, notifications.orderId))
        .where(
          and(
            await recipientScope(caller, storeUuid),
            state ? STATE_WHERE[state] : undefined,
            before === undefined ? undefined : lt(notifications.id, before),
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        notifications: page.map((r) => toJson(r.n, r.orderNumber)),
        nextCursor: rows.length > limit && last ? encodeCursor(last.n.id, CURSOR_PREFIX) : null,
      };
    },

    async retry(caller, id) {
      const current = await one(caller, id);
      if (current.state !== 'FAILED' && current.state !== 'PENDING') throw httpError(409, 'NOT_RETRYABLE', PANEL_MESSAGES.notRetryable);
      // The outbox sends nothing about a cancelled order but the cancellation itself.
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, current.orderId));
      if (order?.status === 'CANCELLED' && current.type !== 'order_cancelled')
        throw httpError(409, 'NOT_RETRYABLE', PANEL_MESSAGES.orderCancelled);
      // Due now, whatever the backoff said; deliverOne claims it (another sender's claim wins) and sends.
      await db
        .update(notifications)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(notifications.id, id), isNull(notifications.deliveredAt)));
      const sent = await outbox.deliverOne(id);
      const after = await one(caller, id);
      if (!sent && after.state !== 'SENT') throw httpError(502, 'NOTIFICATION_DELIVERY_FAILED', PANEL_MESSAGES.retryFailed);
      return after;
    },
  };
}
