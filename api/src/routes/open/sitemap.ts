// GET /open/sitemap.xml, /open/sitemap/:part and /open/robots.txt: what search engines read, passed on
// by the shop's origin as /sitemap.xml, /sitemap-N.xml and /robots.txt (the shell's servers proxy
// them). Registered inside the open routes, so they are cached and tagged like the catalogue's answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, httpError } from '../../db/errors.ts';
import { catalogueUrls, robotsTxt, sitemapIndexXml, sitemapPart, sitemapParts, urlsetXml } from '../../services/catalogue/sitemap.ts';

const XML = 'application/xml; charset=utf-8';
const tags = ['catalogue'];

const sitemapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shopUrl = app.config.publicShellUrl;

  app.get(
    '/open/sitemap.xml',
    {
      schema: {
        tags,
        summary: 'The sitemap: stores, their categories and active products on the shop; an index of parts past 50,000 URLs',
        response: { 200: Type.String({ description: 'sitemaps.org 0.9 urlset or sitemapindex (XML)' }), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const urls = await catalogueUrls(app.db);
      const parts = sitemapParts(urls.length);
      reply.type(XML);
      return parts === 1 ? urlsetXml(shopUrl, urls) : sitemapIndexXml(shopUrl, parts);
    },
  );

  app.get(
    '/open/sitemap/:part',
    {
      schema: {
        tags,
        summary: 'One part of a sitemap too long for one file (the index names them /sitemap-N.xml)',
        params: Type.Object({ part: Type.Integer({ minimum: 1 }) }),
        response: { 200: Type.String({ description: 'sitemaps.org 0.9 urlset (XML)' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const part = sitemapPart(await catalogueUrls(app.db), request.params.part);
      if (!part) throw httpError(404, 'NOT_FOUND', `The sitemap has no part ${request.params.part}`);
      reply.type(XML);
      return urlsetXml(shopUrl, part);
    },
  );

  app.get(
    '/open/robots.txt',
    {
      schema: {
        tags,
        summary: "The shop's robots.txt: everything but shoppers' own and staff pages, and where the sitemap is",
        // Made from the configured shop address alone, but a rate limit or a bad request still answers the error shape.
        response: { 200: Type.String({ description: 'text/plain robots.txt' }), ...errorResponses },
      },
    },
    (_request, reply) => {
      reply.type('text/plain; charset=utf-8');
      return robotsTxt(shopUrl);
    },
  );
};

export default sitemapRoutes;
