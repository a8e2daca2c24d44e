// /admin: the live order board. One row per store part of a paid order, newest first, filtered by
// store (admins; staff always see their own), status and the day it was placed. The filters live in
// the URL so a reload or a shared link keeps them. New orders arrive through the notification stream
// within a second or two; while the stream is down the board polls instead.
import { useCallback, useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents, formatUsShortDate, formatUsTime, titleCaseStatus, type StorePartStatus } from '@grocer/shared';
import { STORE_PART_STATUSES } from '@grocer/shared/contracts';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { StorePicker } from '../../components/StorePicker.tsx';
import { useOpsOrdersQuery } from '../../lib/opsApi.ts';
import { opsPaths } from '../../lib/opsPaths.ts';
import { STORE_PARAM, useStoreChoice } from '../../lib/opsScope.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { withParam } from '../../lib/searchParams.ts';
import { useLiveOrders } from './useLiveOrders.ts';

/** Rows per request; the API's maximum. Narrow by date to see older ones. */
export const BOARD_LIMIT = 100;
/** While the stream is down, how often the board asks instead. */
export const BOARD_FALLBACK_POLL_MS = 5_000;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isStatus = (value: string | null): value is StorePartStatus => STORE_PART_STATUSES.some((s) => s === value);

export default function OrderBoardPage() {
  return (
    <OpsLayout title={OPS_TEXT.board.title}>
      <OrderBoard />
    </OpsLayout>
  );
}

function OrderBoard() {
  const choice = useStoreChoice({ allowAll: true });
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const dateParam = params.get('date');
  const date = dateParam && DATE_PATTERN.test(dateParam) ? dateParam : undefined;
  const statusId = useId();
  const dateId = useId();

  const ready = choice.me !== undefined;
  const query = { storeUuid: choice.store?.uuid, status, date, limit: BOARD_LIMIT };
  // The stream's callback reaches the current query's refetch without reopening the stream.
  const refetchRef = useRef<(() => void) | undefined>(undefined);
  const live = useLiveOrders(
    useCallback(() => refetchRef.current?.(), []),
    ready,
  );
  const { data, error, isLoading, isFetching, refetch } = useOpsOrdersQuery(query, {
    skip: !ready,
    pollingInterval: live === 'live' ? 0 : BOARD_FALLBACK_POLL_MS,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  useEffect(() => {
    refetchRef.current = ready ? () => void refetch() : undefined;
  }, [ready, refetch]);

  const setParam = (name: string, value: string) => setParams(withParam(name, value), { replace: true });

  if (choice.error) return <LoadError error={choice.error} onRetry={choice.refetch} />;
  if (!ready) return <Loading />;

  return (
    <>
      <form className="card ops-card" aria-label={OPS_TEXT.board.filters} onSubmit={(event) => event.preventDefault()}>
        <div className="ops-filters">
          <StorePicker choice={choice} allowAll />
          <div className="ops-field">
            <label htmlFor={statusId}>{OPS_TEXT.board.status}</label>
            <select id={statusId} value={status ?? ''} onChange={(event) => setParam('status', event.target.value)}>
              <option value="">{OPS_TEXT.board.anyStatus}</option>
              {STORE_PART_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {titleCaseStatus(s)}
                </option>
              ))}
            </select>
          </div>
          <div className="ops-field">
            <label htmlFor={dateId}>{OPS_TEXT.board.date}</label>
            <input id={dateId} type="date" value={date ?? ''} onChange={(event) => setParam('date', event.target.value)} />
          </div>
          {(status || date || params.has(STORE_PARAM)) && (
            <button type="button" className="btn btn-outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
              {OPS_TEXT.board.clearFilters}
            </button>
          )}
        </div>
        <p className="ops-muted" role="status">
          {live === 'reconnecting' ? OPS_TEXT.board.reconnecting : OPS_TEXT.board.live}
        </p>
      </form>
      {error && !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <Loading />
      ) : data.orders.length === 0 ? (
        <p className="card ops-card">{OPS_TEXT.board.empty}</p>
      ) : (
        <ul className="ops-list" aria-label={OPS_TEXT.board.title} aria-busy={isFetching}>
          {data.orders.map((order) => (
            <li key={`${order.orderId}|${order.store.uuid}`} className="card ops-card">
              <div className="ops-row">
                <h2 className="ops-grow">
                  <Link to={opsPaths.pickList(order.orderId, order.store.uuid)}>
                    {order.orderNumber}
                    {choice.isAdmin && ` · ${order.store.name}`}
                  </Link>
                </h2>
                <span className="ops-badge">{titleCaseStatus(order.status)}</span>
              </div>
              <dl className="ops-dl">
                <dt>{OPS_TEXT.board.customer}</dt>
                <dd>{order.customerName}</dd>
                <dt>{OPS_TEXT.board.placed}</dt>
                <dd>
                  {formatUsShortDate(order.createdAt)} {formatUsTime(order.createdAt)}
                </dd>
                <dt>{OPS_TEXT.board.itemsTerm}</dt>
                <dd>
                  {OPS_TEXT.board.items(order.itemCount)}
                  {order.pendingLineCount > 0 && ` · ${OPS_TEXT.board.toPick(order.pendingLineCount)}`}
                </dd>
                <dt>{OPS_TEXT.board.total}</dt>
                <dd>{formatCents(order.partSubtotalCents)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {data?.nextCursor && <p className="ops-muted">{OPS_TEXT.board.more(BOARD_LIMIT)}</p>}
    </>
  );
}
