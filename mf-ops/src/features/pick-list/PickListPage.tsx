// /admin/orders/{orderId}/stores/{storeUuid}: one store's part of an order as a pick list. Staff mark
// each line found, replaced or unavailable, advance the part's status, and see the totals and refunds
// the server recomputed; an admin may cancel the whole order with a reason. Every change answers with
// the part as it now stands, so the screen always shows the server's figures, never its own sums.
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiErrorMessage, apiErrorStatus, titleCaseStatus, type OpsStorePart, type StorePartStatus } from '@grocer/shared';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { useOpsAdvanceMutation, useOpsStorePartQuery } from '../../lib/opsApi.ts';
import { opsPaths } from '../../lib/opsPaths.ts';
import { useOpsScope } from '../../lib/opsScope.ts';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
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
  const picking = PICKING_STATUSES.includes(part.status) && part.orderStatus !== 'CANCELLED';
  const nextSteps = part.allowedNext.filter((status) => status !== 'CANCELLED');

  const onAdvance = async (status: StorePartStatus) => {
    setMessage(null);
    const answer = await advance({ orderId: part.orderId, storeUuid: part.store.uuid, status });
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
            {nextSteps.map((status) => (
              <button
                key={status}
                type="button"
                className="btn btn-primary"
                disabled={advancing.isLoading}
                onClick={() => void onAdvance(status)}
              >
                {OPS_TEXT.pick.advanceTo(titleCaseStatus(status))}
              </button>
            ))}
          </div>
        )}
        <ResultMessage result={message} />
      </section>
      <section className="card ops-card" aria-labelledby={linesId}>
        <h2 id={linesId}>{OPS_TEXT.pick.lines(part.lines.length)}</h2>
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
