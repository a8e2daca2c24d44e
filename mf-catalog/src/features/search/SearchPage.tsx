// Global search (spec §2): /search?q=&page=&sort=&order= plus the filters (category, store, inStock,
// minPrice, maxPrice). The URL is the single source of truth; no `sort` means 'Best match' (the API's
// relevance order).
import { useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CONSTANTS, paths, readListingQuery, type ListingFilters, type PageDataLoader } from '@grocer/shared';
import { PageHead } from '@grocer/shared/head';
import { readListingFilters } from '../../lib/listingFilters.ts';
import { readLiteral } from '../../lib/literalSearch.ts';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { PageBanner } from '../../components/PageBanner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PAGE_IN_URL } from '../../components/PageForm.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid.tsx';
import { SortSelect } from '../../components/SortSelect.tsx';
import { SearchForm } from '../../components/SearchForm.tsx';
import { EmptyMessage, ErrorMessage, LoadingMessage, PastEndMessage } from '../../components/StatusMessage.tsx';
import { catalogueApi, useCatalogFacetsQuery, useCatalogGlobalSearchQuery } from '../../lib/catalogueApi.ts';
import { plural, resultRange } from '../../lib/resultRange.ts';
import { fromSortValue, readSearchSort, SEARCH_SORT_OPTIONS, searchPath } from '../../lib/sortOptions.ts';
import { settleQueries } from '../../lib/settleQueries.ts';
import './SearchPage.css';

export const SEARCH_FAILED = 'Failed to search products. Please try again.';

/** What the page reads for a query string, with its queries' arguments (the page and `loadPageData` both ask through this). */
function searchReads(params: URLSearchParams) {
  const { q: rawQ, page } = readListingQuery(params);
  const q = rawQ.trim();
  const sort = readSearchSort(params);
  const filters = readListingFilters(params);
  const literal = readLiteral(params);
  return {
    q,
    page,
    sort,
    filters,
    literal,
    results: { query: q, page, limit: CONSTANTS.PAGE_SIZE, filters, literal, ...(sort === 'relevance' ? {} : fromSortValue(sort)) },
    facets: { query: q, filters, literal },
  };
}

export const loadPageData: PageDataLoader = async ({ search }, dispatch) => {
  const reads = searchReads(search);
  // A blank search reads nothing.
  if (!reads.q) return;
  await settleQueries([
    dispatch(catalogueApi.endpoints.catalogGlobalSearch.initiate(reads.results)),
    dispatch(catalogueApi.endpoints.catalogFacets.initiate(reads.facets)),
  ]);
};

export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const resultsRef = useRef<HTMLElement>(null);

  const reads = searchReads(params);
  const { q, page, sort, filters, literal } = reads;
  const result = useCatalogGlobalSearchQuery(reads.results, { skip: !q });
  const facets = useCatalogFacetsQuery(reads.facets, { skip: !q });
  /** This search with other filters, from page 1. */
  const filteredPath = (next: ListingFilters) => searchPath(q, { sort, filters: next, literal });

  const search = (text: string) => {
    // Blank text is ignored (spec §2); a new text starts unfiltered.
    if (text) void navigate(searchPath(text, { sort }));
  };

  // currentData is only ever this URL's answer: an older response never shows under a newer URL.
  const data = result.currentData;
  const pagination = data?.pagination ?? result.data?.pagination;

  let summary = '';
  let body;
  if (!q) {
    body = (
      <EmptyMessage title="No search query provided">
        <p>Type what you are looking for to search every store.</p>
        <p>
          <Link className="btn btn-primary" to={paths.home()}>
            Go Home
          </Link>
        </p>
      </EmptyMessage>
    );
  } else if (data) {
    const range = resultRange(data.pagination, data.products.length);
    if (data.products.length > 0) {
      summary = `Showing ${range.from}–${range.to} of ${range.total} ${plural(range.total, 'result', 'results')} for "${q}"`;
      body = (
        <>
          {data.showingResultsFor && (
            <p className="showing-results-for">
              Showing results for <strong>{data.showingResultsFor}</strong>.{' '}
              <Link to={searchPath(q, { sort, filters, literal: true })}>Search instead for {q}</Link>
            </p>
          )}
          <h2 className="visually-hidden">Products</h2>
          <ProductGrid products={data.products} />
        </>
      );
    } else if (data.pagination.totalItems > 0 && page > data.pagination.totalPages) {
      const last = data.pagination.totalPages;
      body = <PastEndMessage page={page} totalPages={last} lastPageTo={searchPath(q, { page: last, sort, filters, literal })} />;
    } else {
      summary = 'No products found.';
      body = (
        <EmptyMessage title="No products found">
          <p>Nothing matches “{q}”. Try another word or check the spelling.</p>
          {data.didYouMean && (
            <p className="did-you-mean">
              Did you mean <Link to={searchPath(data.didYouMean, { sort })}>{data.didYouMean}</Link>?
            </p>
          )}
        </EmptyMessage>
      );
    }
  } else if (result.isError) {
    body = <ErrorMessage message={SEARCH_FAILED} onRetry={() => void result.refetch()} />;
  } else {
    body = (
      <>
        <LoadingMessage label="Searching" />
        <ProductGridSkeleton />
      </>
    );
  }

  const total = data?.pagination.totalItems;
  return (
    <div className="page search-page">
      {q ? (
        <PageHead
          title={`Search results for "${q}"${page > 1 ? ` (page ${page})` : ''}`}
          description={`${total !== undefined ? `${total} ${plural(total, 'product', 'products')}` : 'Products'} matching "${q}" at Grocer's local stores, delivered to your door.`}
          canonicalPath={searchPath(q, { page, sort, filters, literal })}
        />
      ) : (
        // A blank search shows nothing to list.
        <PageHead title="Search" noindex />
      )}
      <PageBanner
        title="Search Results"
        subtitle={q ? `for "${q}"` : undefined}
        breadcrumbs={[{ label: 'Home', to: paths.home() }, { label: 'Search' }]}
      />
      <div className="search-toolbar">
        <SearchForm className="search-form" label="Search all stores" hideLabel placeholder="Search all stores" q={q} onSearch={search} />
        {q && (
          <SortSelect
            value={sort}
            options={SEARCH_SORT_OPTIONS}
            onChange={(value) => void navigate(searchPath(q, { sort: value, filters, literal }))}
          />
        )}
      </div>
      <div className={q ? 'search-layout' : undefined}>
        {q && <FilterPanel filters={filters} facets={facets.currentData?.facets} pathFor={filteredPath} showStores />}
        <section className="search-results" ref={resultsRef} aria-label="Search results" aria-busy={result.isFetching}>
          <p className="results-summary" role="status">
            {summary}
          </p>
          {body}
          {q && pagination && (
            <Pager
              label="Result pages"
              inUrl={PAGE_IN_URL}
              currentPage={page}
              totalPages={pagination.totalPages}
              disabled={result.isFetching}
              onPageChange={(next) => {
                void navigate(searchPath(q, { page: next, sort, filters, literal }));
                // The path stays /search, so the shell does not scroll; jsdom has no scrollIntoView.
                resultsRef.current?.scrollIntoView?.({ block: 'start' });
              }}
            />
          )}
        </section>
      </div>
    </div>
  );
}
