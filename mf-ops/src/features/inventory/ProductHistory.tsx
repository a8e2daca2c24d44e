// A product's audit, newest first: who changed its price and its count on hand, when, and why (sales,
// cancellations, lines marked unavailable, edits, bulk changes and imports are all recorded by the API).
import { formatCents, formatUsShortDate, formatUsTime } from '@grocer/shared';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { useOpsPriceChangesQuery, useOpsStockChangesQuery } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';

const when = (at: string) => `${formatUsShortDate(at)} ${formatUsTime(at)}`;

export function ProductHistory({ storeUuid, productUuid, id }: { storeUuid: string; productUuid: string; id: string }) {
  const prices = useOpsPriceChangesQuery({ storeUuid, productUuid });
  const counts = useOpsStockChangesQuery({ storeUuid, productUuid });
  const t = OPS_TEXT.inventory;
  const failed = (prices.error && !prices.data) || (counts.error && !counts.data);
  if (failed)
    return (
      <div id={id}>
        <LoadError error={prices.error ?? counts.error} onRetry={() => void (prices.refetch(), counts.refetch())} />
      </div>
    );
  if (!prices.data || !counts.data)
    return (
      <div id={id}>
        <Loading />
      </div>
    );
  return (
    <div id={id} className="ops-row">
      <section className="ops-grow" aria-label={t.priceHistory}>
        <h3>{t.priceHistory}</h3>
        {prices.data.changes.length === 0 ? (
          <p className="ops-muted">{t.noPriceChanges}</p>
        ) : (
          <ul className="ops-list">
            {prices.data.changes.map((change) => (
              <li key={change.id}>
                {t.priceChange(formatCents(change.oldPriceCents), formatCents(change.newPriceCents), change.changedBy.email)}{' '}
                <span className="ops-muted">{when(change.changedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="ops-grow" aria-label={t.stockHistory}>
        <h3>{t.stockHistory}</h3>
        {counts.data.changes.length === 0 ? (
          <p className="ops-muted">{t.noStockChanges}</p>
        ) : (
          <ul className="ops-list">
            {counts.data.changes.map((change) => (
              <li key={change.id}>
                {t.stockChange(change.oldQuantity, change.newQuantity, t.stockReasons[change.reason], change.changedBy.email)}{' '}
                <span className="ops-muted">{when(change.changedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
