// GET /images/<kind>/<name>.<hash>.svg: the generated store logos and product pictures
// (seed/images.ts). The hash is of the content, so a URL never changes meaning: immutable.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { httpError, errorResponses } from '../../db/errors.ts';
import { findImage } from '../../seed/images.ts';

const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/images/:kind/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A store logo or product picture (SVG)',
        params: Type.Object({ kind: Type.Enum(['stores', 'products']), file: Type.String() }),
        response: { 200: Type.String({ description: 'image/svg+xml' }), 302: Type.Null(), ...errorResponses },
      },
      // A page of products is dozens of pictures: counted against the client's API limit they would
      // push the shopper's real calls (stock, cart, checkout) into 429s. Each is an in-memory lookup
      // of a file the browser then keeps for a year, so there is no work here worth throttling.
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const found = findImage(request.params.kind, request.params.file);
      if (!found) throw httpError(404, 'NOT_FOUND', 'Image not found');
      // The shell and remotes show these from other origins; helmet's default would block that.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      // An older version of a known image: point at the current one, and let nobody keep the redirect.
      if (found.stale) return reply.header('cache-control', 'no-cache').redirect(found.image.path, 302);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/svg+xml; charset=utf-8')
        .send(found.image.svg);
    },
  );
};

export default imageRoutes;
