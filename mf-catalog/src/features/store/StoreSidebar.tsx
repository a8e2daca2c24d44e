// The listing's sidebar: search within the store and the category list with counts.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, type Category } from '@grocer/shared';
import { SearchForm } from '../../components/SearchForm.tsx';
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
  const search = (text: string) => {
    // A blank search with no search active changes nothing; with one active it clears it.
    if (text || q) onSearch(text);
  };
  const searching = q.trim() !== '';

  return (
    <aside className="store-sidebar" aria-label="Store navigation">
      <SearchForm
        className="store-search"
        label="Search this store"
        placeholder="e.g. milk"
        q={q}
        rowClassName="store-search-row"
        onSearch={search}
      >
        {searching && (
          <Link className="store-search-clear" to={paths.store(pathName, sortChoice)}>
            Clear search
          </Link>
        )}
      </SearchForm>

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
