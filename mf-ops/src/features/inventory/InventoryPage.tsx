// /admin/inventory: a store's products as a working table. Search, sort by name, price or count on hand,
// a "Low stock" filter (the store's threshold, store settings) and cursor pages; price and count edited in
// place; a selection for bulk actions with a preview; CSV export and import. The count on hand is the one
// truth about stock (decision 010): out of stock is a count of 0, and every change is audited by the API.
import { useDeferredValue, useEffect, useId, useState } from 'react';
import type { OpsInventorySort } from '@grocer/shared';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { StorePicker } from '../../components/StorePicker.tsx';
import { useOpsInventoryQuery } from '../../lib/opsApi.ts';
import { useStoreChoice } from '../../lib/opsScope.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { BulkActions } from './BulkActions.tsx';
import { CsvTools } from './CsvTools.tsx';
import { InventoryRow } from './InventoryRow.tsx';
import './inventory.css';

type SortKey = keyof typeof OPS_TEXT.inventory.sorts;
const SORT_KEYS = Object.keys(OPS_TEXT.inventory.sorts) as SortKey[];

export default function InventoryPage() {
  return (
    <OpsLayout title={OPS_TEXT.inventory.title}>
      <Inventory />
    </OpsLayout>
  );
}

interface Filters {
  q: string;
  sort: SortKey;
  lowStock: boolean;
}

function Inventory() {
  const choice = useStoreChoice();
  const searchId = useId();
  const sortId = useId();
  const [filters, setFilters] = useState<Filters>({ q: '', sort: 'name-asc', lowStock: false });
  const [threshold, setThreshold] = useState<number | null>(null);
  const t = OPS_TEXT.inventory;
  if (choice.error) return <LoadError error={choice.error} onRetry={choice.refetch} />;
  if (!choice.store) return <Loading />;
  const q = filters.q.trim();
  return (
    <>
      <div className="card ops-card ops-filters">
        <StorePicker choice={choice} />
        <div className="ops-field ops-grow">
          <label htmlFor={searchId}>{t.search}</label>
          <input
            id={searchId}
            type="search"
            value={filters.q}
            autoComplete="off"
            onChange={(event) => setFilters({ ...filters, q: event.target.value })}
          />
        </div>
        <div className="ops-field">
          <label htmlFor={sortId}>{t.sort}</label>
          <select id={sortId} value={filters.sort} onChange={(event) => setFilters({ ...filters, sort: event.target.value as SortKey })}>
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t.sorts[key]}
              </option>
            ))}
          </select>
        </div>
        <label className="ops-check">
          <input
            type="checkbox"
            checked={filters.lowStock}
            onChange={(event) => setFilters({ ...filters, lowStock: event.target.checked })}
          />
          {t.lowStockOnly(threshold ?? 5)}
        </label>
      </div>
      {/* A new store, search, sort or filter starts again at the first page, with nothing selected. */}
      <ProductPages
        key={`${choice.store.uuid}|${q}|${filters.sort}|${filters.lowStock}`}
        storeUuid={choice.store.uuid}
        q={q}
        sort={filters.sort}
        lowStock={filters.lowStock}
        onThreshold={setThreshold}
      />
      {/* The table sits right under its filters: with the CSV tools between them, a phone showed no
          row at all after "Low stock only" or a sort. The file tools are occasional work, so last. */}
      <CsvTools storeUuid={choice.store.uuid} storePublicId={choice.store.publicId} />
    </>
  );
}

function ProductPages({
  storeUuid,
  q,
  sort: sortKey,
  lowStock,
  onThreshold,
}: {
  storeUuid: string;
  q: string;
  sort: SortKey;
  lowStock: boolean;
  onThreshold: (threshold: number) => void;
}) {
  const query = useDeferredValue(q);
  const [sort, order] = sortKey.split('-') as [OpsInventorySort, 'asc' | 'desc'];
  // The cursors of the pages before this one, so Previous goes back without the API knowing about it.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  // Selected products by uuid (kept across pages), and what the last bulk action changed.
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [result, setResult] = useState<Result | null>(null);
  const cursor = cursors[cursors.length - 1] ?? null;
  const { data, error, isLoading, isFetching, refetch } = useOpsInventoryQuery({ storeUuid, q: query, cursor, sort, order, lowStock });
  const threshold = data?.lowStockThreshold;
  // The filter's label names the store's threshold once the first page says what it is.
  useEffect(() => {
    if (threshold !== undefined) onThreshold(threshold);
  }, [threshold, onThreshold]);
  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (isLoading || !data) return <Loading />;
  const t = OPS_TEXT.inventory;
  const select = (uuid: string, name: string, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(uuid, name);
      else next.delete(uuid);
      return next;
    });
  const allOnPage = data.products.length > 0 && data.products.every((p) => selected.has(p.productUuid));
  return (
    <>
      {selected.size > 0 && (
        <BulkActions
          storeUuid={storeUuid}
          productUuids={[...selected.keys()]}
          onApplied={(text) => (setSelected(new Map()), setResult({ kind: 'status', text }))}
          onClear={() => setSelected(new Map())}
        />
      )}
      <ResultMessage result={result} />
      {data.products.length === 0 ? (
        <p className="card ops-card">{t.empty}</p>
      ) : (
        <div className="inv-scroll" role="region" aria-label={t.table} tabIndex={0}>
          <table className="inv-table" aria-busy={isFetching}>
            <caption className="visually-hidden">{t.table}</caption>
            <thead>
              <tr>
                <td className="inv-check">
                  <input
                    type="checkbox"
                    aria-label={t.selectAll}
                    checked={allOnPage}
                    onChange={(event) => {
                      for (const p of data.products) select(p.productUuid, p.name, event.target.checked);
                    }}
                  />
                </td>
                <th scope="col">{t.product}</th>
                <th scope="col">{t.price}</th>
                <th scope="col">{t.stock}</th>
                <th scope="col">{t.active}</th>
                <th scope="col">{t.history}</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((product) => (
                <InventoryRow
                  key={product.productUuid}
                  storeUuid={storeUuid}
                  product={product}
                  selected={selected.has(product.productUuid)}
                  onSelect={(on) => select(product.productUuid, product.name, on)}
                />
              ))}
            </tbody>
          </table>
        </div>
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
