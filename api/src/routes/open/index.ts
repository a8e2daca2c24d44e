// GET /open/...: the public catalogue (spec §7 "Public catalogue"). Thin: a schema and a call into
// app.services.catalogue. Every answer carries an ETag (304 on If-None-Match) and may be cached 60 s.
import etag from '@fastify/etag';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DIETARY_ATTRIBUTES, type ProductFilters } from '@grocer/shared/contracts';
import { errorResponses, httpError } from '../../db/errors.ts';
import { registerAnswerCache } from './answerCache.ts';
import sitemapRoutes from './sitemap.ts';
import {
  CategoryProductsSchema,
  CategorySchema,
  FacetsResponseSchema,
  PaginatedProductsSchema,
  ProductOffersSchema,
  ProductResponseSchema,
  ProductSchema,
  ProductSubstitutesSchema,
  SearchResponseSchema,
  StoreSchema,
  SuggestionsResponseSchema,
} from '@grocer/shared/schemas';
import {
  CategoriesQuery,
  FacetsQuery,
  GlobalSearchPageQuery,
  GlobalSearchQuery,
  ListingQuery,
  ProductParams,
  StoreListingQuery,
  StoreParams,
  StoreSearchPageQuery,
  SuggestionsQuery,
} from './schemas.ts';

/**
 * The filters of a query string, checked together (one bound alone is checked by its schema). The
 * attributes come comma-separated (the schema allows only known ones); each counts once, in their order.
 */
function filtersOf(query: Omit<ProductFilters, 'dietary'> & { dietary?: string }): ProductFilters {
  const { categoryId, storeId, inStock, minPrice, maxPrice } = query;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw httpError(400, 'VALIDATION_ERROR', 'minPrice must not be more than maxPrice', 'minPrice');
  }
  const asked = new Set(query.dietary?.split(','));
  const dietary = query.dietary === undefined ? undefined : DIETARY_ATTRIBUTES.filter((a) => asked.has(a));
  return { categoryId, storeId, inStock, minPrice, maxPrice, dietary };
}

/** Shoppers see a price or stock change within a minute; revalidation is a cheap 304 thanks to the ETag. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

const openRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to this plugin: only catalogue reads get ETags.
  await app.register(etag);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400) reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
    return payload;
  });

  const catalogue = () => app.services.catalogue;
  const tags = ['catalogue'];
  registerAnswerCache(app, catalogue);
  await app.register(sitemapRoutes);

  app.get(
    '/open/stores',
    { schema: { tags, summary: 'All partner stores', response: { 200: Type.Array(StoreSchema), ...errorResponses } } },
    () => catalogue().listStores(),
  );

  app.get(
    '/open/store/:id',
    {
      schema: {
        tags,
        summary: 'A store by uuid or publicId',
        params: Type.Object({ id: Type.String({ minLength: 1 }) }),
        response: { 200: StoreSchema, ...errorResponses },
      },
    },
    (request) => catalogue().getStore(request.params.id),
  );

  app.get(
    '/open/categories',
    {
      schema: {
        tags,
        summary: 'Categories with their active product count (of one store, or of all)',
        querystring: CategoriesQuery,
        response: { 200: Type.Array(CategorySchema), ...errorResponses },
      },
    },
    (request) => catalogue().listCategories(request.query.storeId),
  );

  app.get(
    '/open/categories/:uuid',
    {
      schema: {
        tags,
        summary: 'A category, with its active product count across stores',
        params: Type.Object({ uuid: Type.String({ minLength: 1 }) }),
        response: { 200: CategorySchema, ...errorResponses },
      },
    },
    (request) => catalogue().getCategory(request.params.uuid),
  );

  // Under /open/product/ (singular): /open/products/:storePublicId already takes the plural.
  app.get(
    '/open/product/:productUuid',
    {
      schema: {
        tags,
        summary: 'One active product, enriched like the listings (the product page)',
        params: ProductParams,
        response: { 200: ProductResponseSchema, ...errorResponses },
      },
    },
    (request) => catalogue().product(request.params.productUuid),
  );

  app.get(
    '/open/product/:productUuid/also-at',
    {
      schema: {
        tags,
        summary: 'The same item (same brand, item and size) at the other stores: active ones, cheapest first',
        params: ProductParams,
        response: { 200: ProductOffersSchema, ...errorResponses },
      },
    },
    (request) => catalogue().productOffers(request.params.productUuid),
  );

  app.get(
    '/open/product/:productUuid/substitutes',
    {
      schema: {
        tags,
        summary: "What may replace a product when it is out of stock (a cart line's 'If out of stock': a specific replacement)",
        params: ProductParams,
        response: { 200: ProductSubstitutesSchema, ...errorResponses },
      },
    },
    (request) => catalogue().productSubstitutes(request.params.productUuid),
  );

  // The static search/... routes win over the parametric /:storePublicId/... ones (find-my-way matches static segments first).
  app.get(
    '/open/products/search/global',
    {
      schema: {
        tags,
        summary: `The best ${50} matches across all stores`,
        querystring: GlobalSearchQuery,
        response: { 200: Type.Array(ProductSchema), ...errorResponses },
      },
    },
    (request) => catalogue().searchGlobal(request.query.query),
  );

  app.get(
    '/open/products/search/global/paginated',
    {
      schema: {
        tags,
        summary: 'Search all stores, a page at a time (header suggestions use limit=5)',
        querystring: GlobalSearchPageQuery,
        response: { 200: SearchResponseSchema, ...errorResponses },
      },
    },
    (request) => {
      const { query, page, limit, sort, order, literal } = request.query;
      return catalogue().searchPage(query, undefined, { page, limit, sort, order }, filtersOf(request.query), { correct: !literal });
    },
  );

  app.get(
    '/open/products/search/paginated',
    {
      schema: {
        tags,
        summary: "Search one store's products, a page at a time",
        querystring: StoreSearchPageQuery,
        response: { 200: SearchResponseSchema, ...errorResponses },
      },
    },
    (request) => {
      const { query, storeId, page, limit, sort, order, literal } = request.query;
      return catalogue().searchPage(
        query,
        storeId,
        { page, limit, sort, order },
        { ...filtersOf(request.query), storeId: undefined },
        { correct: !literal },
      );
    },
  );

  app.get(
    '/open/products/suggestions',
    {
      schema: {
        tags,
        summary: 'Header suggestions: distinct items ranked like the search, typos forgiven',
        querystring: SuggestionsQuery,
        response: { 200: SuggestionsResponseSchema, ...errorResponses },
      },
    },
    (request) => catalogue().suggestions(request.query.query, request.query.limit),
  );

  app.get(
    '/open/products/facets',
    {
      schema: {
        tags,
        summary: "Filter counts of a search (query) or of a store's shelf (storeId, no query)",
        querystring: FacetsQuery,
        response: { 200: FacetsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { query, storeId, literal } = request.query;
      // Without a query the store is the shelf counted; with one, it is a filter of the global search.
      const filters = filtersOf(request.query);
      const facets =
        query === undefined
          ? await catalogue().facets(undefined, storeId, { ...filters, storeId: undefined })
          : await catalogue().facets(query, undefined, filters, { correct: !literal });
      return { facets };
    },
  );

  app.get(
    '/open/products/:storePublicId',
    {
      schema: {
        tags,
        summary: "All of a store's active products (the cart's stock refresh)",
        params: StoreParams,
        response: { 200: Type.Array(ProductSchema), ...errorResponses },
      },
    },
    (request) => catalogue().storeProducts(request.params.storePublicId),
  );

  app.get(
    '/open/products/:storePublicId/paginated',
    {
      schema: {
        tags,
        summary: "A page of a store's products, by name or price",
        params: StoreParams,
        querystring: StoreListingQuery,
        response: { 200: PaginatedProductsSchema, ...errorResponses },
      },
    },
    (request) => {
      const { page, limit, sort, order } = request.query;
      return catalogue().storeProductsPage(request.params.storePublicId, { page, limit, sort, order }, filtersOf(request.query));
    },
  );

  app.get(
    '/open/products/:storePublicId/:categoryUuid/paginated',
    {
      schema: {
        tags,
        summary: "A page of one category of a store's products",
        params: Type.Object({ storePublicId: Type.String({ minLength: 1 }), categoryUuid: Type.String({ minLength: 1 }) }),
        querystring: ListingQuery,
        response: { 200: CategoryProductsSchema, ...errorResponses },
      },
    },
    (request) => {
      const { page, limit, sort, order } = request.query;
      return catalogue().categoryProductsPage(
        request.params.storePublicId,
        request.params.categoryUuid,
        { page, limit, sort, order },
        filtersOf(request.query),
      );
    },
  );
};

export default openRoutes;
