// Store listing (spec §2): /store/:pathName and its category variant /store/:pathName/category/:categoryUuid.
// The URL is the single source of truth (q, page, sort, order, inStock, minPrice, maxPrice), so Back/Forward restore the listing;
// every change navigates to the canonical URL built by `paths`.
import { useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  apiErrorStatus,
  assetUrl,
  CONSTANTS,
  paths,
  readListingQuery,
  storeRulesApi,
  useStoreRulesQuery,
  type PageDataLoader,
  type Category,
  type ListingFilters,
  type ListingQuery,
  type Store,
} from '@grocer/shared';
import { JsonLd, PageHead } from '@grocer/shared/head';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { DeliveryFeeSlot, useFeeAddress } from '../../components/DeliveryFeeSlot.tsx';
import { useTodaysHours } from '../../lib/storeHours.ts';
import { PageBanner, type Breadcrumb } from '../../components/PageBanner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PAGE_IN_URL } from '../../components/PageForm.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid.tsx';
import { SortSelect } from '../../components/SortSelect.tsx';
import { EmptyMessage, ErrorMessage, LoadingMessage, PastEndMessage } from '../../components/StatusMessage.tsx';
import {
  catalogueApi,
  useCatalogCategoriesQuery,
  useCatalogCategoryProductsQuery,
  useCatalogFacetsQuery,
  useCatalogStoreProductsQuery,
  useCatalogStoreQuery,
  useCatalogStoreSearchQuery,
} from '../../lib/catalogueApi.ts';
import { readListingFilters } from '../../lib/listingFilters.ts';
import { plural, resultRange } from '../../lib/resultRange.ts';
import { fromSortValue, SORT_OPTIONS, toSortValue } from '../../lib/sortOptions.ts';
import { StoreSidebar } from './StoreSidebar.tsx';
import { settleQueries } from '../../lib/settleQueries.ts';
import { groceryStoreData } from '../../lib/structuredData.ts';
import './StorePage.css';

/** The store header's placeholder values (spec §2 Page banner); real counts replace them once known. */
export const STORE_HEADER_DEFAULTS = { hours: '8:00 AM - 10:00 PM', rating: 4.8 } as const;
export const STORE_LOGO_SIZE = 64;

type Mode = 'all' | 'category' | 'search';

const PRODUCT_ERRORS: Record<Mode, string> = {
  all: 'Failed to fetch paginated products',
  category: 'Failed to fetch paginated category products',
  search: 'Failed to search paginated products',
};

/**
 * What the page reads for a URL, with the arguments its queries take: the page's first render and
 * `loadPageData` both ask through this, so the shell's early start lands in the page's own cache entries.
 */
function storePageReads(pathName: string, categoryUuid: string | undefined, searchParams: URLSearchParams) {
  const listing = readListingQuery(searchParams);
  const q = listing.q.trim();
  // The store search endpoint searches the whole store, so a search text wins over the category.
  const mode: Mode = q ? 'search' : categoryUuid ? 'category' : 'all';
  // A store page's categories are its routes, so only availability, price and dietary needs are filters here.
  const { inStock, minPrice, maxPrice, dietary } = readListingFilters(searchParams);
  const filters: ListingFilters = { inStock, minPrice, maxPrice, dietary };
  const paging = { page: listing.page, sort: listing.sort, order: listing.order, limit: CONSTANTS.PAGE_SIZE, filters };
  return {
    listing,
    q,
    mode,
    filters,
    all: { publicId: pathName, ...paging },
    category: { publicId: pathName, categoryUuid: categoryUuid ?? '', ...paging },
    search: { storeId: pathName, query: q, ...paging },
    facets:
      mode === 'search'
        ? { query: q, filters: { ...filters, store: pathName } }
        : { storeId: pathName, filters: { ...filters, category: mode === 'category' ? categoryUuid : undefined } },
  };
}

export const loadPageData: PageDataLoader = ({ params, search }, dispatch) => {
  const pathName = params.pathName ?? '';
  const reads = storePageReads(pathName, params.categoryUuid, search);
  const products = {
    all: () => dispatch(catalogueApi.endpoints.catalogStoreProducts.initiate(reads.all)),
    category: () => dispatch(catalogueApi.endpoints.catalogCategoryProducts.initiate(reads.category)),
    search: () => dispatch(catalogueApi.endpoints.catalogStoreSearch.initiate(reads.search)),
  }[reads.mode];
  return settleQueries([
    dispatch(catalogueApi.endpoints.catalogStore.initiate(pathName)),
    dispatch(storeRulesApi.endpoints.storeRules.initiate()),
    dispatch(catalogueApi.endpoints.catalogCategories.initiate(pathName)),
    products(),
    dispatch(catalogueApi.endpoints.catalogFacets.initiate(reads.facets)),
  ]);
};

export default function StorePage() {
  const { pathName = '', categoryUuid } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const feeAddress = useFeeAddress();
  const resultsRef = useRef<HTMLElement>(null);

  const reads = storePageReads(pathName, categoryUuid, searchParams);
  const { listing, q, mode, filters } = reads;

  const storeResult = useCatalogStoreQuery(pathName);
  const storeRules = useStoreRulesQuery().data?.find((r) => r.storeUuid === storeResult.data?.uuid);
  // The banner says "open now" as of when the store's rules came in.
  const hours = useTodaysHours(storeRules);
  const categoriesResult = useCatalogCategoriesQuery(pathName);
  const allResult = useCatalogStoreProductsQuery(reads.all, { skip: mode !== 'all' });
  const categoryResult = useCatalogCategoryProductsQuery(reads.category, { skip: mode !== 'category' });
  const searchResult = useCatalogStoreSearchQuery(reads.search, { skip: mode !== 'search' });
  const products = { all: allResult, category: categoryResult, search: searchResult }[mode];
  const facets = useCatalogFacetsQuery(reads.facets);

  if (apiErrorStatus(storeResult.error) === 404) return <StoreNotFound pathName={pathName} />;

  const store = storeResult.data;
  const categories = categoriesResult.data;
  const category = categories?.find((c) => c.uuid === categoryUuid);
  const categoryName = categoryResult.currentData?.categoryName ?? category?.name;

  /** The same listing (route, q, sort, order) with some values changed; page resets unless given. */
  const listingPath = (change: ListingQuery) => {
    const next: ListingQuery = { q: listing.q, sort: listing.sort, order: listing.order, ...filters, ...change };
    return mode === 'category' && categoryUuid ? paths.storeCategory(pathName, categoryUuid, next) : paths.store(pathName, next);
  };

  const onPageChange = (page: number) => {
    void navigate(listingPath({ page }));
    // jsdom has no scrollIntoView; browsers do.
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  };

  // currentData is only ever this URL's answer: an older page never shows under a newer URL.
  const page = products.currentData;
  const pagination = page?.pagination ?? products.data?.pagination;
  const range = page ? resultRange(page.pagination, page.products.length) : null;

  let heading;
  if (mode === 'search') heading = `Results for "${q}"`;
  else if (mode === 'category') {
    const count = page?.pagination.totalItems ?? category?.productCount;
    heading = (
      <>
        {categoryName ?? 'Category'}
        {count !== undefined && <span className="results-count"> ({`${count} ${plural(count, 'product', 'products')}`})</span>}
      </>
    );
  } else heading = 'All Products';

  let body;
  if (page && page.products.length === 0 && page.pagination.totalItems > 0 && listing.page > page.pagination.totalPages) {
    const last = page.pagination.totalPages;
    body = <PastEndMessage page={listing.page} totalPages={last} lastPageTo={listingPath({ page: last })} />;
  } else if (page) {
    body =
      page.products.length > 0 ? (
        <ProductGrid products={page.products} showStore={false} />
      ) : (
        <EmptyMessage title="No products found">
          <p>{mode === 'search' ? `Nothing in this store matches "${q}".` : 'There are no products to show here yet.'}</p>
        </EmptyMessage>
      );
  } else if (products.isError) {
    body =
      mode === 'category' && apiErrorStatus(products.error) === 404 ? (
        <EmptyMessage title="Category not found">
          <p>
            This store has no such category. <Link to={paths.store(pathName)}>See all products</Link>
          </p>
        </EmptyMessage>
      ) : (
        <ErrorMessage message={PRODUCT_ERRORS[mode]} onRetry={() => void products.refetch()} />
      );
  } else {
    body = (
      <>
        <LoadingMessage label="Loading products" />
        <ProductGridSkeleton />
      </>
    );
  }

  const breadcrumbs: Breadcrumb[] = [
    { label: 'Home', to: paths.home() },
    { label: store?.name ?? 'Store', to: paths.store(pathName) },
    ...(mode === 'category' ? [{ label: categoryName ?? 'Category' }] : []),
    ...(mode === 'search' ? [{ label: `Search: ${q}` }] : []),
  ];

  return (
    <div className="page store-page">
      <PageHead
        {...storeHead({ store, mode, q, categoryName, page: listing.page, count: pagination?.totalItems })}
        canonicalPath={listingPath({ page: listing.page })}
      />
      {store && <JsonLd data={groceryStoreData(store, storeRules)} />}
      <PageBanner
        title={store?.name ?? (storeResult.isError ? 'Store' : 'Loading store…')}
        breadcrumbs={breadcrumbs}
        media={
          store ? (
            // Small and never the page's largest paint: fetched at low priority and not preloaded (React
            // preloads every picture it draws without lazy loading or a low priority), so a phone's first
            // round trips carry the first products' pictures and the page's code, not the logo.
            <img src={assetUrl(store.logo)} alt="" width={STORE_LOGO_SIZE} height={STORE_LOGO_SIZE} fetchPriority="low" decoding="async" />
          ) : (
            // The logo's box while the store loads, so the name does not move when it arrives.
            !storeResult.isError && <span className="store-logo-placeholder" aria-hidden="true" />
          )
        }
        storeInfo={{
          ...storeInfo(store, storeResult.isLoading, categories, hours),
          delivery: feeAddress
            ? store && <DeliveryFeeSlot storeUuid={store.uuid} storeUuids={[store.uuid]} address={feeAddress} />
            : undefined,
        }}
      />
      {storeResult.isError && <ErrorMessage message="Failed to fetch store" onRetry={() => void storeResult.refetch()} />}
      <div className="store-layout">
        <StoreSidebar
          pathName={pathName}
          q={listing.q}
          sortChoice={{ sort: listing.sort, order: listing.order }}
          activeCategory={mode === 'category' ? categoryUuid : undefined}
          categories={categoriesResult}
          onSearch={(text) => void navigate(paths.store(pathName, { q: text, sort: listing.sort, order: listing.order, ...filters }))}
        >
          <FilterPanel
            filters={filters}
            facets={facets.currentData?.facets}
            pathFor={(next) =>
              listingPath({ inStock: next.inStock, minPrice: next.minPrice, maxPrice: next.maxPrice, dietary: next.dietary })
            }
            showCategories={false}
          />
        </StoreSidebar>
        <section className="store-results" ref={resultsRef} aria-labelledby="store-results-heading" aria-busy={products.isFetching}>
          <div className="results-toolbar">
            <h2 id="store-results-heading">{heading}</h2>
            <SortSelect
              value={toSortValue({ sort: listing.sort, order: listing.order })}
              options={SORT_OPTIONS}
              onChange={(value) => void navigate(listingPath(fromSortValue(value)))}
            />
          </div>
          <p className="results-summary" role="status">
            {range && range.total > 0
              ? `Showing ${range.from}–${range.to} of ${range.total} ${plural(range.total, 'product', 'products')}`
              : ''}
          </p>
          {body}
          {pagination && (
            <Pager
              label="Product pages"
              inUrl={PAGE_IN_URL}
              currentPage={listing.page}
              totalPages={pagination.totalPages}
              disabled={products.isFetching}
              onPageChange={onPageChange}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/** The page's title and description: the store, its category or its search, and the page past the first. */
export function storeHead({
  store,
  mode,
  q,
  categoryName,
  page,
  count,
}: {
  store: Store | undefined;
  mode: Mode;
  q: string;
  categoryName: string | undefined;
  page: number;
  count: number | undefined;
}): { title: string; description?: string } {
  if (!store) return { title: 'Store' };
  const where = `${store.name} (${store.address1}, ${store.address2})`;
  // Until the listing's total is in, the description says what the page is without a count.
  const counted = count !== undefined ? `: ${count} ${plural(count, 'product', 'products')}` : '';
  const pageNote = page > 1 ? ` (page ${page})` : '';
  if (mode === 'search') {
    return {
      title: `Results for "${q}" at ${store.name}${pageNote}`,
      description: `Search "${q}" at ${where}${counted}, delivered by Grocer.`,
    };
  }
  if (mode === 'category') {
    const name = categoryName ?? 'Category';
    return { title: `${name} at ${store.name}${pageNote}`, description: `${name} from ${where}${counted}, delivered by Grocer.` };
  }
  return { title: `${store.name}${pageNote}`, description: `Shop ${where} on Grocer${counted}, delivered to your door.` };
}

function storeInfo(store: Store | undefined, loading: boolean, categories: Category[] | undefined, hours?: string) {
  return {
    // 'Address not available' (the fallback) only once we know; not while the store loads.
    address: store ? [store.address1, store.address2].filter(Boolean).join(', ') : loading ? 'Loading…' : undefined,
    hours: hours ?? STORE_HEADER_DEFAULTS.hours,
    rating: STORE_HEADER_DEFAULTS.rating,
    // Without categories the banner shows its fallbacks ('500+', '25+').
    productCount: categories?.reduce((sum, c) => sum + c.productCount, 0),
    categoryCount: categories?.length,
  };
}

function StoreNotFound({ pathName }: { pathName: string }) {
  return (
    <div className="page store-page">
      <PageHead title="Store not found" noindex />
      <PageBanner title="Store not found" breadcrumbs={[{ label: 'Home', to: paths.home() }, { label: 'Store not found' }]} />
      <EmptyMessage title="We couldn't find this store">
        <p>There is no store at “{pathName}”. It may have moved or closed.</p>
        <p>
          <Link className="btn btn-primary" to={paths.home()}>
            Browse all stores
          </Link>
        </p>
      </EmptyMessage>
    </div>
  );
}
