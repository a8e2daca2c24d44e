// One product of the inventory: its stock and active switches act at once; a price is typed in
// dollars and sent as integer cents within the API's bounds, or refused here with the reason.
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, Picture, formatCents, type OpsInventoryPatch, type OpsInventoryProduct } from '@grocer/shared';
import { OPS_PRICE_MAX_CENTS, OPS_PRICE_MIN_CENTS } from '@grocer/shared/contracts';
import { useOpsPatchProductMutation } from '../../lib/opsApi.ts';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { parsePriceInput } from '../../lib/priceInput.ts';
import { PriceHistory } from './PriceHistory.tsx';

const centsAsInput = (cents: number) => (cents / 100).toFixed(2);

// The switches are never `disabled` while a change is saving: a disabled control drops keyboard
// focus to the page's start, so a keyboard user would lose their place after every toggle.
export function InventoryRow({ storeUuid, product }: { storeUuid: string; product: OpsInventoryProduct }) {
  const nameId = useId();
  const priceId = useId();
  const messageId = useId();
  const historyId = useId();
  const [history, setHistory] = useState(false);
  const [patch, { isLoading }] = useOpsPatchProductMutation();
  const [price, setPrice] = useState(centsAsInput(product.priceCents));
  const [message, setMessage] = useState<Result | null>(null);
  const t = OPS_TEXT.inventory;

  const send = async (change: OpsInventoryPatch, done?: (saved: OpsInventoryProduct) => string) => {
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

  return (
    <li className="card ops-card" aria-labelledby={nameId}>
      <div className="ops-row">
        <Picture className="ops-picture" src={product.image} size={56} />
        <div className="ops-grow">
          <h2 id={nameId} className="ops-product-name">
            {product.name}
          </h2>
          <p className="ops-muted">
            {product.categoryName} · {formatCents(product.priceCents)} · {t.stockCount(product.stockQuantity)}
          </p>
        </div>
      </div>
      <div className="ops-row">
        <label className="ops-check">
          <input
            type="checkbox"
            checked={product.stockStatus === 'IN_STOCK'}
            aria-disabled={isLoading || undefined}
            onChange={(event) => !isLoading && void send({ inStock: event.target.checked })}
          />
          {t.inStock}
        </label>
        <label className="ops-check">
          <input
            type="checkbox"
            checked={product.isActive}
            aria-disabled={isLoading || undefined}
            onChange={(event) => !isLoading && void send({ isActive: event.target.checked })}
          />
          {t.active}
        </label>
        <form className="ops-row" onSubmit={onPrice} noValidate>
          <div className="ops-field">
            <label htmlFor={priceId}>{t.priceLabel}</label>
            <input
              id={priceId}
              inputMode="decimal"
              value={price}
              size={8}
              aria-invalid={message?.kind === 'error' ? true : undefined}
              aria-describedby={message ? messageId : undefined}
              onChange={(event) => setPrice(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-outline" disabled={isLoading}>
            {t.savePrice}
          </button>
        </form>
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={history}
          aria-controls={history ? historyId : undefined}
          onClick={() => setHistory((open) => !open)}
        >
          {t.priceHistory}
        </button>
      </div>
      {history && <PriceHistory id={historyId} storeUuid={storeUuid} productUuid={product.productUuid} />}
      <ResultMessage result={message} id={messageId} />
    </li>
  );
}
