// /admin: the live order board as a queue by due time (GET /ops/queue). Every store part in the store
// or on its way, and those delivered today, soonest window first, each with its window, the time left
// or how late it is in words, what is left to pick and the store's own total. At 1024 px and up one
// lane per status with its count; on phones one list with a status filter (kept in the URL). New
// orders arrive through the notification stream within a second or two; while it is down the board polls.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents, titleCaseStatus, type OpsQueueCard, type StorePartStatus } from '@grocer/shared';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { StorePicker } from '../../components/StorePicker.tsx';
import { dueText, windowText } from '../../lib/dueTime.ts';
import { useOpsQueueQuery } from '../../lib/opsApi.ts';
import { opsPaths } from '../../lib/opsPaths.ts';
import { useStoreChoice } from '../../lib/opsScope.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { withParam } from '../../lib/searchParams.ts';
import { useLiveOrders } from './useLiveOrders.ts';

/** While the stream is down, how often the board asks instead. */
export const BOARD_FALLBACK_POLL_MS = 5_000;

export default function OrderBoardPage() {
  return (
    <OpsLayout title={OPS_TEXT.board.title}>
      <OrderBoard />
    </OpsLayout>
  );
}

/** The board's lanes, in the order a part moves; "Delivered" holds today's only (the API's queue). */
export const LANES: readonly StorePartStatus[] = ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED'];
/** At this width and up the lanes stand side by side; below it one list with a status filter (ops.css too). */
const WIDE_QUERY = '(min-width: 1024px)';

const isLane = (value: string | null): value is StorePartStatus => LANES.some((s) => s === value);

/** Re-renders every minute so "due in" stays true between updates. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof matchMedia === 'function' && matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(WIDE_QUERY);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

function OrderBoard() {
  const choice = useStoreChoice({ allowAll: true });
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isLane(statusParam) ? statusParam : undefined;
  const statusId = useId();
  const wide = useWide();
  const now = useMinuteClock();

  const ready = choice.me !== undefined;
  // The stream's callback reaches the current query's refetch without reopening the stream.
  const refetchRef = useRef<(() => void) | undefined>(undefined);
  const live = useLiveOrders(
    useCallback(() => refetchRef.current?.(), []),
    ready,
  );
  const { data, error, isLoading, isFetching, refetch } = useOpsQueueQuery(
    { storeUuid: choice.store?.uuid },
    {
      skip: !ready,
      pollingInterval: live === 'live' ? 0 : BOARD_FALLBACK_POLL_MS,
      refetchOnFocus: true,
      refetchOnMountOrArgChange: true,
    },
  );
  useEffect(() => {
    refetchRef.current = ready ? () => void refetch() : undefined;
  }, [ready, refetch]);

  if (choice.error) return <LoadError error={choice.error} onRetry={choice.refetch} />;
  if (!ready) return <Loading />;

  const t = OPS_TEXT.board;
  const count = (lane: StorePartStatus) => data?.orders.filter((o) => o.status === lane).length ?? 0;
  const shown = wide ? LANES : status ? [status] : LANES;

  return (
    <>
      <form className="ops-toolbar" aria-label={t.filters} onSubmit={(event) => event.preventDefault()}>
        <StorePicker choice={choice} allowAll />
        {!wide && (
          <div className="ops-field">
            <label htmlFor={statusId}>{t.status}</label>
            <select
              id={statusId}
              value={status ?? ''}
              onChange={(event) => setParams(withParam('status', event.target.value), { replace: true })}
            >
              <option value="">{t.anyStatus}</option>
              {LANES.map((s) => (
                <option key={s} value={s}>
                  {t.lane(s, count(s))}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="ops-muted" role="status">
          {live === 'reconnecting' ? t.reconnecting : t.live}
        </p>
      </form>
      {error && !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <Loading />
      ) : wide ? (
        <div className="ops-lanes" aria-busy={isFetching}>
          {shown.map((lane) => (
            <Lane key={lane} lane={lane} cards={data.orders.filter((o) => o.status === lane)} now={now} showStore={choice.isAdmin} />
          ))}
        </div>
      ) : (
        <QueueList
          label={t.title}
          cards={stillToDeliverFirst(data.orders.filter((o) => shown.includes(o.status)))}
          now={now}
          showStore={choice.isAdmin}
          busy={isFetching}
        />
      )}
    </>
  );
}

/**
 * The phone's one list: the server's order (soonest window first) for what is still to deliver, then
 * today's delivered parts. Done work at the top of "Any status" pushed the next order down the screen.
 */
function stillToDeliverFirst(cards: OpsQueueCard[]): OpsQueueCard[] {
  return [...cards.filter((c) => c.status !== 'DELIVERED'), ...cards.filter((c) => c.status === 'DELIVERED')];
}

function Lane({ lane, cards, now, showStore }: { lane: StorePartStatus; cards: OpsQueueCard[]; now: Date; showStore: boolean }) {
  const headingId = useId();
  return (
    <section className="ops-lane" aria-labelledby={headingId}>
      <h2 id={headingId} className="ops-lane-title">
        {OPS_TEXT.board.lane(lane, cards.length)}
      </h2>
      <QueueList label={OPS_TEXT.board.laneName[lane] ?? lane} cards={cards} now={now} showStore={showStore} />
    </section>
  );
}

function QueueList({
  label,
  cards,
  now,
  showStore,
  busy,
}: {
  label: string;
  cards: OpsQueueCard[];
  now: Date;
  showStore: boolean;
  busy?: boolean;
}) {
  if (cards.length === 0) return <p className="ops-muted">{OPS_TEXT.board.empty}</p>;
  return (
    <ul className="ops-list ops-queue" aria-label={label} aria-busy={busy}>
      {cards.map((card) => (
        <QueueCard key={`${card.orderId}|${card.store.uuid}`} card={card} now={now} showStore={showStore} />
      ))}
    </ul>
  );
}

function QueueCard({ card, now, showStore }: { card: OpsQueueCard; now: Date; showStore: boolean }) {
  const t = OPS_TEXT.board;
  const active = card.status !== 'DELIVERED';
  const due = card.window && active ? dueText(card.window, now) : null;
  return (
    <li className="card ops-card ops-queue-card">
      <div className="ops-row">
        <h3 className="ops-grow">
          <Link to={opsPaths.pickList(card.orderId, card.store.uuid)}>
            {card.orderNumber}
            {showStore && ` · ${card.store.name}`}
          </Link>
        </h3>
        <span className="ops-badge">{titleCaseStatus(card.status)}</span>
      </div>
      <p className="ops-window">{card.window ? windowText(card.window, now) : OPS_TEXT.pick.noWindow}</p>
      {due && <p className={`ops-due ops-due-${due.kind}`}>{due.text}</p>}
      {card.deliveredEarlyAt && <p className="ops-muted">{t.deliveredEarly}</p>}
      <p className="ops-muted">
        {card.customerName} · {t.items(card.itemCount)}
        {active && card.pendingItemCount > 0 && ` · ${t.toPick(card.pendingItemCount)}`} · {formatCents(card.totalCents)}
      </p>
    </li>
  );
}
