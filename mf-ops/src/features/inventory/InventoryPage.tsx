// /admin/inventory: search a store's products (inactive ones too), switch stock and active, change a
// price. Carts and open checkouts meet a new price through the API's 409 PRICE_CHANGED path, and
// every price change is audited on the server with who and when.
import { useDeferredValue, useId, useState } from 'react';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { StorePicker } from '../../components/StorePicker.tsx';
import { useOpsInventoryQuery } from '../../lib/opsApi.ts';
import { useStoreChoice } from '../../lib/opsScope.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { InventoryRow } from './InventoryRow.tsx';

export default function InventoryPage() {
  return (
    <OpsLayout title={OPS_TEXT.inventory.title}>
      <Inventory />
    </OpsLayout>
  );
}

function Inventory() {
  const choice = useStoreChoice();
  const searchId = useId();
  const [q, setQ] = useState('');
  if (choice.error) return <LoadError error={choice.error} onRetry={choice.refetch} />;
  if (!choice.store) return <Loading />;
  return (
    <>
      <div className="card ops-card ops-filters">
        <StorePicker choice={choice} />
        <div className="ops-field ops-grow">
          <label htmlFor={searchId}>{OPS_TEXT.inventory.search}</label>
          <input id={searchId} type="search" value={q} autoComplete="off" onChange={(event) => setQ(event.target.value)} />
        </div>
      </div>
      {/* A new store or search starts again at the first page. */}
      <ProductPages key={`${choice.store.uuid}|${q.trim()}`} storeUuid={choice.store.uuid} q={q.trim()} />
    </>
  );
}

function ProductPages({ storeUuid, q }: { storeUuid: string; q: string }) {
  const query = useDeferredValue(q);
  // The cursors of the pages before this one, so Previous goes back without the API knowing about it.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const { data, error, isLoading, isFetching, refetch } = useOpsInventoryQuery({ storeUuid, q: query, cursor });
  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (isLoading || !data) return <Loading />;
  const t = OPS_TEXT.inventory;
  return (
    <>
      {data.products.length === 0 ? (
        <p className="card ops-card">{t.empty}</p>
      ) : (
        <ul className="ops-list" aria-label={t.title} aria-busy={isFetching}>
          {data.products.map((product) => (
            <InventoryRow key={product.productUuid} storeUuid={storeUuid} product={product} />
          ))}
        </ul>
      )}
      <nav className="ops-actions" aria-label={t.pages}>
        <button
          type="button"
          className="btn btn-outline"
          disabled={cursors.length === 1}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          {t.previous}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!data.nextCursor}
          onClick={() => data.nextCursor && setCursors((list) => [...list, data.nextCursor])}
        >
          {t.next}
        </button>
      </nav>
    </>
  );
}
