// /admin/orders/{orderId}/stores/{storeUuid}: one store's part of an order as a pick list. Staff mark
// each line found, replaced or unavailable, advance the part's status, and see the totals and refunds
// the server recomputed; an admin may cancel the whole order with a reason. Every change answers with
// the part as it now stands, so the screen always shows the server's figures, never its own sums.
import { useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  apiErrorMessage,
  apiErrorStatus,
  focusOnMount,
  formatUsTime,
  titleCaseStatus,
  type OpsStorePart,
  type StorePartStatus,
} from '@grocer/shared';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { useOpsAdvanceMutation, useOpsStorePartQuery } from '../../lib/opsApi.ts';
import { opsPaths } from '../../lib/opsPaths.ts';
import { useOpsScope } from '../../lib/opsScope.ts';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { dueText, windowOpened, windowText } from '../../lib/dueTime.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { CancelOrderForm } from './CancelOrderForm.tsx';
import { PickLine } from './PickLine.tsx';
import { TotalsCard } from './TotalsCard.tsx';

/** Lines can be marked until the part leaves the store (the API answers 409 ORDER_PART_CLOSED after). */
const PICKING_STATUSES: readonly StorePartStatus[] = ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP'];

export default function PickListPage() {
  const { orderId = '', storeId = '' } = useParams();
  return (
    <OpsLayout title={OPS_TEXT.pick.title}>
      <Link to={opsPaths.board()}>{OPS_TEXT.pick.back}</Link>
      <PickList key={`${orderId}|${storeId}`} orderId={orderId} storeUuid={storeId} />
    </OpsLayout>
  );
}

function PickList({ orderId, storeUuid }: { orderId: string; storeUuid: string }) {
  const { data: part, error, isLoading, refetch } = useOpsStorePartQuery({ orderId, storeUuid }, { refetchOnMountOrArgChange: true });
  if (part) return <PartView part={part} />;
  if (isLoading || !error) return <Loading />;
  if (apiErrorStatus(error) === 404) return <LoadError message={OPS_TEXT.pick.notFound} />;
  return <LoadError error={error} onRetry={() => void refetch()} />;
}

function PartView({ part }: { part: OpsStorePart }) {
  const scope = useOpsScope();
  const infoId = useId();
  const linesId = useId();
  const [advance, advancing] = useOpsAdvanceMutation();
  const [message, setMessage] = useState<Result | null>(null);
  const [confirmEarly, setConfirmEarly] = useState(false);
  // The confirmation takes the keyboard to its "Deliver early"; Cancel brings it back to "Mark Delivered".
  const deliverButton = useRef<HTMLButtonElement>(null);
  const reasonId = useId();
  const picking = PICKING_STATUSES.includes(part.status) && part.orderStatus !== 'CANCELLED';
  const nextSteps = part.allowedNext.filter((status) => status !== 'CANCELLED');

  const now = new Date();
  const unpicked = part.lines.filter((line) => line.state === 'PENDING').length;
  // The server refuses these too (409 LINES_UNRESOLVED / DELIVER_EARLY_REQUIRED); the screen says why first.
  const blockedReason = (status: StorePartStatus) =>
    status === 'READY_FOR_PICKUP' && unpicked > 0 ? OPS_TEXT.pick.readyBlocked(unpicked) : null;
  const early = nextSteps.includes('DELIVERED') && !windowOpened(part.window, now);

  const onAdvance = async (status: StorePartStatus, deliverEarly = false) => {
    setMessage(null);
    setConfirmEarly(false);
    const answer = await advance({ orderId: part.orderId, storeUuid: part.store.uuid, status, deliverEarly });
    setMessage(
      'error' in answer
        ? { kind: 'error', text: apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed) }
        : { kind: 'status', text: OPS_TEXT.pick.nowStatus(titleCaseStatus(status)) },
    );
  };

  return (
    <>
      <section className="card ops-card" aria-labelledby={infoId}>
        <div className="ops-row">
          <h2 id={infoId} className="ops-grow">
            {part.orderNumber} · {part.store.name}
          </h2>
          <span className="ops-badge" aria-label={`${OPS_TEXT.pick.statusOfPart}: ${titleCaseStatus(part.status)}`}>
            {titleCaseStatus(part.status)}
          </span>
        </div>
        <p className="ops-window">
          <strong>{OPS_TEXT.pick.window}: </strong>
          {part.window ? (
            <>
              {windowText(part.window, now)}
              {/* Time left only while the part is still to deliver: "due in 2 h" under "Delivered" misleads. */}
              {part.status !== 'DELIVERED' && part.status !== 'CANCELLED' && ` · ${dueText(part.window, now).text}`}
            </>
          ) : (
            OPS_TEXT.pick.noWindow
          )}
        </p>
        <dl className="ops-dl">
          <dt>{OPS_TEXT.board.customer}</dt>
          <dd>{part.customerName}</dd>
          <dt>{OPS_TEXT.pick.phone}</dt>
          <dd>{part.customerPhone}</dd>
          <dt>{OPS_TEXT.pick.address}</dt>
          <dd>{part.deliveryAddress}</dd>
          <dt>{OPS_TEXT.pick.note}</dt>
          <dd>{part.note ?? <span className="ops-muted">{OPS_TEXT.pick.noNote}</span>}</dd>
          {part.cancelReason && (
            <>
              <dt>{OPS_TEXT.pick.cancelReason}</dt>
              <dd>{part.cancelReason}</dd>
            </>
          )}
        </dl>
        {nextSteps.length > 0 && (
          <div className="ops-actions">
            {nextSteps.map((status) => {
              const reason = blockedReason(status);
              const isEarly = status === 'DELIVERED' && early;
              return (
                <button
                  key={status}
                  type="button"
                  className="btn btn-primary"
                  ref={status === 'DELIVERED' ? deliverButton : undefined}
                  disabled={advancing.isLoading || reason !== null}
                  aria-describedby={reason ? reasonId : undefined}
                  onClick={() => (isEarly ? setConfirmEarly(true) : void onAdvance(status))}
                >
                  {OPS_TEXT.pick.advanceTo(titleCaseStatus(status))}
                </button>
              );
            })}
          </div>
        )}
        {nextSteps.some((status) => blockedReason(status) !== null) && (
          <p id={reasonId} className="ops-muted">
            {blockedReason('READY_FOR_PICKUP')}
          </p>
        )}
        {confirmEarly && part.window && (
          <div className="ops-confirm" role="group" aria-label={OPS_TEXT.pick.deliverEarly}>
            <p>{OPS_TEXT.pick.earlyQuestion(windowText(part.window, now))}</p>
            <div className="ops-actions">
              <button type="button" className="btn btn-primary" ref={focusOnMount} onClick={() => void onAdvance('DELIVERED', true)}>
                {OPS_TEXT.pick.deliverEarly}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  setConfirmEarly(false);
                  deliverButton.current?.focus();
                }}
              >
                {OPS_TEXT.common.cancel}
              </button>
            </div>
          </div>
        )}
        {part.deliveredEarlyAt && (
          <p className="ops-muted">
            {OPS_TEXT.pick.deliveredEarly(formatUsTime(part.deliveredEarlyAt, { timeZone: part.window?.timeZone }))}
          </p>
        )}
        <ResultMessage result={message} />
      </section>
      <section className="card ops-card" aria-labelledby={linesId}>
        <h2 id={linesId}>{OPS_TEXT.pick.lines(part.lines.length, unpicked)}</h2>
        <ul className="ops-list">
          {part.lines.map((line) => (
            <PickLine key={line.lineId} orderId={part.orderId} line={line} editable={picking} />
          ))}
        </ul>
      </section>
      <TotalsCard totals={part.totals} refunds={part.refunds} />
      {scope.kind === 'admin' && part.orderStatus !== 'CANCELLED' && part.orderStatus !== 'DELIVERED' && (
        <CancelOrderForm orderId={part.orderId} />
      )}
    </>
  );
}
