// Who changed a product's price, when, from what to what (the API audits every change), newest first.
import { formatCents, formatUsShortDate, formatUsTime } from '@grocer/shared';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { useOpsPriceChangesQuery } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';

export function PriceHistory({ storeUuid, productUuid, id }: { storeUuid: string; productUuid: string; id: string }) {
  const { data, error, refetch } = useOpsPriceChangesQuery({ storeUuid, productUuid });
  const t = OPS_TEXT.inventory;
  return (
    <div id={id}>
      {error && !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.changes.length === 0 ? (
        <p className="ops-muted">{t.noPriceChanges}</p>
      ) : (
        <ul className="ops-list">
          {data.changes.map((change) => (
            <li key={change.id}>
              {t.priceChange(formatCents(change.oldPriceCents), formatCents(change.newPriceCents), change.changedBy.email)}{' '}
              <span className="ops-muted">
                {formatUsShortDate(change.changedAt)} {formatUsTime(change.changedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
