// The signed-in shopper's favourite products (spec §7: GET/POST /favorites, DELETE /favorites/{uuid}).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FavouriteSchema } from '@grocer/shared/schemas';
import { Type } from 'typebox';
import { errorResponses } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';

const favouriteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { favourites } = app.services;
  // onRequest: an unauthenticated call is a 401 before its body is even validated.
  const onRequest = app.authenticate;

  app.get(
    '/favorites',
    {
      onRequest,
      schema: {
        tags: ['favorites'],
        summary: 'Favourite products, newest first',
        response: { 200: Type.Array(FavouriteSchema), ...errorResponses },
      },
    },
    async (request) => favourites.list(requireUser(request).uuid),
  );

  app.post(
    '/favorites',
    {
      onRequest,
      schema: {
        tags: ['favorites'],
        summary: 'Add a favourite (409 ALREADY_FAVORITE if it is one)',
        body: Type.Object({ productUuid: Type.String({ maxLength: 64 }) }),
        response: { 201: FavouriteSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await favourites.add(requireUser(request).uuid, request.body.productUuid)),
  );

  app.delete(
    '/favorites/:uuid',
    {
      onRequest,
      schema: {
        tags: ['favorites'],
        summary: 'Remove a favourite (404 if it is not one)',
        params: Type.Object({ uuid: Type.String({ maxLength: 64, description: 'Product uuid' }) }),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await favourites.remove(requireUser(request).uuid, request.params.uuid);
      return reply.code(204).send(null);
    },
  );
};

export default favouriteRoutes;
