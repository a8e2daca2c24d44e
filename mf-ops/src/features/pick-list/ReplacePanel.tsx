// Picks what replaces a line: products of the same store at the same or a lower price, as the API
// ranks them (the shopper's chosen substitute, then from the same shelf outward), narrowed by a search as staff type;
// each with why it ranks there, its price difference and its stock. Only the best few show at first:
// a whole aisle (thirty dairy products for a gallon of milk) is a long scroll on a phone, and the
// ones a picker wants are at the top; the rest are one tap (or a search) away.
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Picture, formatCents, type OpsPickLine } from '@grocer/shared';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { useOpsReplacementsQuery } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';

/** How many ranked offers show before "Show N more". */
export const REPLACEMENTS_SHOWN = 5;

export function ReplacePanel({
  orderId,
  line,
  busy,
  onChoose,
}: {
  orderId: string;
  line: OpsPickLine;
  busy: boolean;
  onChoose: (productUuid: string) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const [q, setQ] = useState('');
  const [showAll, setShowAll] = useState(false);
  const query = useDeferredValue(q.trim());
  const { data, error, isFetching, refetch } = useOpsReplacementsQuery({ orderId, lineId: line.lineId, q: query });
  const t = OPS_TEXT.replace;
  const products = data?.products ?? [];
  const shown = showAll ? products : products.slice(0, REPLACEMENTS_SHOWN);
  const hidden = products.length - shown.length;
  // Opened from the line's Replace button: typing can start at once.
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  const list = useRef<HTMLUListElement>(null);
  // "Show N more" goes away once pressed: the keyboard moves on to the first offer it revealed.
  const showMore = () => {
    flushSync(() => setShowAll(true));
    list.current?.querySelectorAll<HTMLButtonElement>('li > button')[REPLACEMENTS_SHOWN]?.focus();
  };

  return (
    <section className="ops-replace" aria-labelledby={headingId}>
      <h4 id={headingId}>{t.title(line.name)}</h4>
      <p className="ops-muted">{t.hint(line.unitPriceCents)}</p>
      <div className="ops-field">
        <label htmlFor={searchId}>{t.search}</label>
        <input ref={search} id={searchId} type="search" value={q} onChange={(event) => setQ(event.target.value)} autoComplete="off" />
      </div>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : products.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul ref={list} className="ops-list" aria-busy={isFetching}>
          {shown.map((product) => (
            <li key={product.productUuid} className="ops-row">
              <Picture className="ops-picture" src={product.image} size={40} />
              <span className="ops-grow">
                {product.name}
                {/* Most names already end with their size ("…, 64 fl oz"): said once is enough. */}
                {product.sizeLabel && !product.name.endsWith(product.sizeLabel) && (
                  <span className="ops-muted"> · {product.sizeLabel}</span>
                )}{' '}
                · {formatCents(product.priceCents)} ({t.difference(product.priceDifferenceCents)}) · {t.stock(product.stockQuantity)}
                <span className="ops-badge"> {t.matches[product.match]}</span>
              </span>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onChoose(product.productUuid)}>
                {t.choose(product.name)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button type="button" className="link-button ops-show-more" onClick={showMore}>
          {t.showMore(hidden)}
        </button>
      )}
    </section>
  );
}
