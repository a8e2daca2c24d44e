// Filters of a search or a store listing: category, store, in stock only, price range and dietary needs, each with
// how many results it leaves (the API's facets: the other filters applied, not its own). Every
// choice is a link to the canonical URL (paths), so a filtered page is shareable and Back undoes it.
// A region, not an aside: the store page nests it in its sidebar, and asides do not nest.
import { startTransition, useId, useOptimistic, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DIETARY_ATTRIBUTES,
  formatCents,
  PRICE_RANGES,
  type DietaryAttribute,
  type ListingFilters,
  type ProductFacets,
} from '@grocer/shared';
import { DIETARY_LABELS } from '../lib/dietary.ts';
import './FilterPanel.css';

export interface FilterPanelProps {
  filters: ListingFilters;
  facets: ProductFacets | undefined;
  /** The URL of this listing with these filters (page reset). */
  pathFor: (filters: ListingFilters) => string;
  /** Category choices (off on a store page, whose sidebar lists categories). */
  showCategories?: boolean;
  /** Store choices (the global search only). */
  showStores?: boolean;
}

/** "$2.00 – $4.99", "$20.00 and up". */
export function priceRangeLabel({ min, max }: { min: number; max?: number }): string {
  if (max === undefined) return `${formatCents(min)} and up`;
  return min === 0 ? `Under ${formatCents(max + 1)}` : `${formatCents(min)} – ${formatCents(max)}`;
}

function Choice({ to, label, count, selected }: { to: string; label: string; count?: number; selected: boolean }) {
  return (
    <li>
      <Link to={to} className={selected ? 'filter-choice selected' : 'filter-choice'} aria-current={selected ? 'true' : undefined}>
        <span>{label}</span>
        {count !== undefined && <span className="filter-count">{count}</span>}
      </Link>
    </li>
  );
}

export function FilterPanel({ filters, facets, pathFor, showCategories = true, showStores = false }: FilterPanelProps) {
  const navigate = useNavigate();
  const id = useId();
  const { category, store, inStock, minPrice, maxPrice } = filters;
  const withFilter = (change: ListingFilters) => pathFor({ ...filters, ...change });
  const active = Object.values(filters).some((v) => v !== undefined);
  const priceSelected = (range: { min: number; max?: number }) => minPrice === range.min && maxPrice === range.max;
  // On phones the choices fold behind a toggle (CSS shows it below 800 px), so products lead the first screen.
  const [open, setOpen] = useState(false);
  // The box shows the click at once: the URL it reads `inStock` from changes in a transition (React
  // Router's), and until that commits a controlled box would spring back.
  const [inStockShown, showInStock] = useOptimistic(inStock === true);
  // The same for the attributes, which combine: each one ticked narrows to products carrying all of them.
  const [dietaryShown, showDietary] = useOptimistic<readonly DietaryAttribute[]>(filters.dietary ?? []);
  const dietaryCount = (attribute: DietaryAttribute) => facets?.dietary?.find((d) => d.attribute === attribute)?.count;

  return (
    <section className={open ? 'filter-panel open' : 'filter-panel'} aria-label="Filters">
      <div className="filter-heading">
        <h2>Filters</h2>
        {active && <Link to={pathFor({})}>Clear all</Link>}
        <button
          type="button"
          className="btn btn-outline filter-toggle"
          aria-expanded={open}
          aria-controls={`${id}-choices`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide filters' : 'Show filters'}
        </button>
      </div>
      <div id={`${id}-choices`} className="filter-choices">
        {showCategories && (
          <fieldset>
            <legend>Category</legend>
            <ul>
              <Choice to={withFilter({ category: undefined })} label="All categories" selected={!category} />
              {facets?.categories.map((c) => (
                <Choice key={c.uuid} to={withFilter({ category: c.uuid })} label={c.name} count={c.count} selected={category === c.uuid} />
              ))}
            </ul>
          </fieldset>
        )}
        {showStores && (
          <fieldset>
            <legend>Store</legend>
            <ul>
              <Choice to={withFilter({ store: undefined })} label="All stores" selected={!store} />
              {facets?.stores.map((s) => (
                <Choice
                  key={s.uuid}
                  to={withFilter({ store: s.publicId })}
                  label={s.name}
                  count={s.count}
                  selected={store === s.publicId}
                />
              ))}
            </ul>
          </fieldset>
        )}
        <fieldset>
          <legend>Availability</legend>
          <label className="filter-check" htmlFor={`${id}-stock`}>
            <input
              id={`${id}-stock`}
              type="checkbox"
              checked={inStockShown}
              onChange={(event) => {
                const checked = event.target.checked;
                startTransition(() => {
                  showInStock(checked);
                  void navigate(withFilter({ inStock: checked ? true : undefined }));
                });
              }}
            />
            <span>In stock only</span>
            {facets && <span className="filter-count">{facets.inStock}</span>}
          </label>
        </fieldset>
        <fieldset>
          <legend>Dietary</legend>
          <ul>
            {DIETARY_ATTRIBUTES.map((attribute) => (
              <li key={attribute}>
                <label className="filter-check" htmlFor={`${id}-${attribute}`}>
                  <input
                    id={`${id}-${attribute}`}
                    type="checkbox"
                    checked={dietaryShown.includes(attribute)}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      const next = DIETARY_ATTRIBUTES.filter((a) => (a === attribute ? checked : dietaryShown.includes(a)));
                      startTransition(() => {
                        showDietary(next);
                        void navigate(withFilter({ dietary: next.length > 0 ? next : undefined }));
                      });
                    }}
                  />
                  <span>{DIETARY_LABELS[attribute]}</span>
                  {dietaryCount(attribute) !== undefined && <span className="filter-count">{dietaryCount(attribute)}</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset>
          <legend>Price</legend>
          <ul>
            <Choice
              to={withFilter({ minPrice: undefined, maxPrice: undefined })}
              label="Any price"
              selected={minPrice === undefined && maxPrice === undefined}
            />
            {PRICE_RANGES.map((range, index) => (
              <Choice
                key={range.min}
                to={withFilter({ minPrice: range.min, maxPrice: range.max })}
                label={priceRangeLabel(range)}
                count={facets?.prices[index]?.count}
                selected={priceSelected(range)}
              />
            ))}
          </ul>
        </fieldset>
      </div>
    </section>
  );
}
