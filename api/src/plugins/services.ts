// The app's services, built once over app.db and decorated as `app.services` for routes to call.
// A new feature adds its service to `Services` and constructs it here.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHealthService, type HealthService } from '../services/health.ts';
import { createCatalogueService, type CatalogueService } from '../services/catalogue/catalogueService.ts';
import { createSessionJwt } from '../lib/jwt.ts';
import { createAuthService, type AuthService } from '../services/auth.ts';
import { createMemoryCounters, createRedisCounters } from '../services/counters.ts';
import { createDevOidcService, type DevOidcService } from '../services/devOidc.ts';
import { createFavouritesService, type FavouritesService } from '../services/favourites.ts';
import { createMailService, type MailService } from '../services/mail.ts';
import { createPasswordHasher, type PasswordHasher } from '../services/passwords.ts';
import { createUsersService, type UsersService } from '../services/users.ts';
import { createZipDirectory, type ZipDirectory } from '../services/zipDirectory.ts';

export interface Services {
  health: HealthService;
  catalogue: CatalogueService;
  mail: MailService;
  zipDirectory: ZipDirectory;
  passwords: PasswordHasher;
  users: UsersService;
  auth: AuthService;
  favourites: FavouritesService;
  devOidc: DevOidcService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export default fp(
  async (app) => {
    const catalogue = createCatalogueService(app.db);
    const services: Services = {
      health: createHealthService(app.db, app.log),
      catalogue,
      ...accountServices(app, catalogue),
    };
    app.decorate('services', services);
  },
  { name: 'services', dependencies: ['db', 'redis'] },
);

function accountServices(app: FastifyInstance, catalogue: CatalogueService) {
  const { config, db, log } = app;
  const mail = createMailService(db, config, log);
  const zipDirectory = createZipDirectory();
  const passwords = createPasswordHasher(config.passwordHashLogN);
  const users = createUsersService(db, zipDirectory);
  const devOidc = createDevOidcService(db, config);
  const counters = app.redis ? createRedisCounters(app.redis) : createMemoryCounters();
  const jwt = createSessionJwt(config.jwtSecret, config.jwtTtlSeconds);
  const auth = createAuthService({ db, config, log, hasher: passwords, jwt, users, mail, counters, devOidc });
  return { mail, zipDirectory, passwords, users, auth, favourites: createFavouritesService(db, catalogue), devOidc };
}
