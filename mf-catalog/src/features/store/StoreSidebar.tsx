// The listing's sidebar: search within the store and the category list with counts.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, type Category } from '@grocer/shared';
import { ErrorMessage } from '../../components/StatusMessage.tsx';
import type { SortChoice } from '../../lib/sortOptions.ts';

export interface StoreSidebarProps {
  pathName: string;
  q: string;
  sortChoice: SortChoice;
  activeCategory: string | undefined;
  categories: { data?: Category[]; isError: boolean; refetch: () => unknown };
  /** Called with the trimmed text; '' clears the search. */
  onSearch: (text: string) => void;
  /** Below the categories: the listing's filters. */
  children?: ReactNode;
}

export function StoreSidebar({ pathName, q, sortChoice, activeCategory, categories, onSearch, children }: StoreSidebarProps) {
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    // A blank search with no search active changes nothing; with one active it clears it.
    if (text || q) onSearch(text);
  };
  const searching = q.trim() !== '';

  return (
    <aside className="store-sidebar" aria-label="Store navigation">
      <form role="search" className="store-search" aria-labelledby={`${inputId}-label`} onSubmit={submit}>
        <label id={`${inputId}-label`} htmlFor={inputId}>
          Search this store
        </label>
        <div className="store-search-row">
          {/* key: Back/Forward change q in the URL; the field follows it. */}
          <input key={q} id={inputId} name="q" type="search" defaultValue={q} placeholder="e.g. milk" autoComplete="off" />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
        {searching && (
          <Link className="store-search-clear" to={paths.store(pathName, sortChoice)}>
            Clear search
          </Link>
        )}
      </form>

      {/* Above the categories: their list grows when it loads, and would push the filters down. */}
      {children}
      <nav className="category-nav" aria-labelledby={`${inputId}-categories`}>
        <h2 id={`${inputId}-categories`}>Categories</h2>
        {categories.data ? (
          <ul>
            <li>
              <Link to={paths.store(pathName, sortChoice)} aria-current={!searching && !activeCategory ? 'page' : undefined}>
                <span>All Products</span>
              </Link>
            </li>
            {categories.data.map((category) => (
              <li key={category.uuid}>
                <Link
                  to={paths.storeCategory(pathName, category.uuid, sortChoice)}
                  aria-current={!searching && activeCategory === category.uuid ? 'page' : undefined}
                >
                  <span>{category.name}</span>
                  <span className="category-count">
                    {category.productCount}
                    <span className="visually-hidden"> {category.productCount === 1 ? 'product' : 'products'}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : categories.isError ? (
          <ErrorMessage message="Failed to fetch categories" onRetry={() => void categories.refetch()} />
        ) : (
          <p className="category-loading" role="status">
            Loading categories…
          </p>
        )}
      </nav>
    </aside>
  );
}
