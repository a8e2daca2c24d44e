// One product of the inventory table: selection for bulk actions, the price and the count on hand edited
// in place (Enter or Save sends one field; each change is audited on the server), activity switched at
// once, and the product's history. Out of stock and low stock are words beside the count, not colour alone.
import { Fragment, useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, Picture, type OpsInventoryPatch, type OpsInventoryProduct } from '@grocer/shared';
import { OPS_PRICE_MAX_CENTS, OPS_PRICE_MIN_CENTS } from '@grocer/shared/contracts';
import { useOpsPatchProductMutation } from '../../lib/opsApi.ts';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { parsePriceInput } from '../../lib/priceInput.ts';
import { ProductHistory } from './ProductHistory.tsx';
import { parseStockInput } from './stockInput.ts';

const centsAsInput = (cents: number) => (cents / 100).toFixed(2);
const COLUMNS = 6;

// The controls are never `disabled` while a change is saving: a disabled control drops keyboard focus
// to the page's start, so a keyboard user would lose their place after every save.
export function InventoryRow({
  storeUuid,
  product,
  selected,
  onSelect,
}: {
  storeUuid: string;
  product: OpsInventoryProduct;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const messageId = useId();
  const historyId = useId();
  const [history, setHistory] = useState(false);
  const [patch, { isLoading }] = useOpsPatchProductMutation();
  const [price, setPrice] = useState(centsAsInput(product.priceCents));
  const [stock, setStock] = useState(String(product.stockQuantity));
  const [message, setMessage] = useState<Result | null>(null);
  // A bulk action or an import changes the values under the row: its inputs follow what the API now says,
  // each only when its own value changed, so a refetch after saving the price leaves a count being typed.
  const [shown, setShown] = useState({ priceCents: product.priceCents, stockQuantity: product.stockQuantity });
  if (shown.priceCents !== product.priceCents || shown.stockQuantity !== product.stockQuantity) {
    setShown({ priceCents: product.priceCents, stockQuantity: product.stockQuantity });
    if (shown.priceCents !== product.priceCents) setPrice(centsAsInput(product.priceCents));
    if (shown.stockQuantity !== product.stockQuantity) setStock(String(product.stockQuantity));
  }
  const t = OPS_TEXT.inventory;

  const send = async (change: OpsInventoryPatch, done?: (saved: OpsInventoryProduct) => string) => {
    if (isLoading) return;
    setMessage(null);
    const answer = await patch({ storeUuid, productUuid: product.productUuid, ...change });
    if ('error' in answer) setMessage({ kind: 'error', text: apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed) });
    else if (done) setMessage({ kind: 'status', text: done(answer.data) });
  };

  const onPrice = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePriceInput(price, { min: OPS_PRICE_MIN_CENTS, max: OPS_PRICE_MAX_CENTS });
    if (!parsed.ok) return setMessage({ kind: 'error', text: parsed.message });
    void send({ priceCents: parsed.cents }, (saved) => {
      setPrice(centsAsInput(saved.priceCents));
      return t.priceSaved(saved.name, saved.priceCents);
    });
  };

  const onStock = (event: FormEvent) => {
    event.preventDefault();
    const count = parseStockInput(stock);
    if (count === null) return setMessage({ kind: 'error', text: t.stockInvalid });
    void send({ stockQuantity: count }, (saved) => {
      setStock(String(saved.stockQuantity));
      return t.stockSaved(saved.name, saved.stockQuantity);
    });
  };

  const described = message ? messageId : undefined;
  return (
    <Fragment>
      <tr aria-selected={selected}>
        <td className="inv-check">
          <input
            type="checkbox"
            checked={selected}
            aria-label={t.selectProduct(product.name)}
            onChange={(e) => onSelect(e.target.checked)}
          />
        </td>
        <th scope="row">
          <div className="inv-product">
            <Picture className="ops-picture" src={product.image} size={44} />
            <div>
              <p className="inv-name">{product.name}</p>
              <p className="ops-muted">{product.categoryName}</p>
              <div className="inv-badges">
                {product.stockQuantity === 0 ? (
                  <span className="ops-badge inv-badge-out">{t.outOfStock}</span>
                ) : product.lowStock ? (
                  <span className="ops-badge">{t.lowStock}</span>
                ) : null}
                {!product.isActive && <span className="ops-badge">{t.inactive}</span>}
              </div>
            </div>
          </div>
        </th>
        <td>
          <EditCell
            label={t.priceOf(product.name)}
            saveLabel={t.savePriceOf(product.name)}
            inputMode="decimal"
            value={price}
            onChange={setPrice}
            onSubmit={onPrice}
            invalid={message?.kind === 'error'}
            describedBy={described}
          />
        </td>
        <td>
          <EditCell
            label={t.stockOf(product.name)}
            saveLabel={t.saveStockOf(product.name)}
            inputMode="numeric"
            value={stock}
            onChange={setStock}
            onSubmit={onStock}
            invalid={message?.kind === 'error'}
            describedBy={described}
          />
        </td>
        <td className="inv-check">
          <input
            type="checkbox"
            checked={product.isActive}
            aria-label={t.activeOf(product.name)}
            aria-disabled={isLoading || undefined}
            onChange={(event) => void send({ isActive: event.target.checked })}
          />
        </td>
        <td>
          <button
            type="button"
            className="btn btn-outline"
            aria-label={t.historyOf(product.name)}
            aria-expanded={history}
            aria-controls={history ? historyId : undefined}
            onClick={() => setHistory((open) => !open)}
          >
            {t.history}
          </button>
        </td>
      </tr>
      {(message || history) && (
        <tr>
          <td colSpan={COLUMNS} className="inv-message">
            <ResultMessage result={message} id={messageId} />
            {history && <ProductHistory id={historyId} storeUuid={storeUuid} productUuid={product.productUuid} />}
          </td>
        </tr>
      )}
    </Fragment>
  );
}

export const INVENTORY_COLUMNS = COLUMNS;

/** A field edited in place: Enter or its Save sends it; the row's message describes it. */
function EditCell(props: {
  label: string;
  saveLabel: string;
  inputMode: 'decimal' | 'numeric';
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  return (
    <form className="inv-edit" onSubmit={props.onSubmit} noValidate>
      <input
        aria-label={props.label}
        inputMode={props.inputMode}
        value={props.value}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <button type="submit" className="btn btn-outline" aria-label={props.saveLabel}>
        {OPS_TEXT.inventory.save}
      </button>
    </form>
  );
}
