// The development stand-ins, as one plugin that app.ts registers only where config.ts devStandIns()
// allows (never in production): the dev mailbox, a local OpenID issuer that plays Google for "Sign in
// with Google", and PayPal (./paypal). The production services never see them: they take ports (a
// mail transport, the identity-token keys, PayPal's base URL from config.ts), and this plugin supplies
// its implementations of those ports. Production code imports this folder only here, through app.ts.
import fp from 'fastify-plugin';
import type { ServicePorts } from '../plugins/services.ts';
import { mailboxRoutes, mailboxTransport } from './mailbox.ts';
import { createDevOidcService, type DevOidcService } from './oidc.ts';
import { oidcRoutes } from './oidcRoutes.ts';
import devPaypalRoutes from './paypal/index.ts';

export interface StandIns {
  /** The local OpenID issuer; tests mint tokens with it, including bad ones. */
  oidc: DevOidcService;
  /** What the services use in place of the real providers (plugins/services.ts). */
  ports: Partial<ServicePorts>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Only when the stand-ins are served (app.devStandIns.serve). */
    standIns: StandIns;
  }
}

export default fp(
  async (app) => {
    const { config, db, log } = app;
    const oidc = createDevOidcService(db, config);
    const ports: Partial<ServicePorts> = {
      // Outside production the default issuer is this API's own /dev/oidc: its keys are read directly
      // rather than over HTTP from ourselves (tests have no listening socket).
      ...(config.googleJwksUrl === `${oidc.issuer}/jwks` ? { identityKeys: () => oidc.keySet() } : {}),
      // SMTP_URL, when set, carries mail even here (compose's mail catcher).
      ...(config.smtpUrl ? {} : { mailTransport: mailboxTransport(db, log) }),
    };
    app.decorate('standIns', { oidc, ports });
    await app.register(mailboxRoutes);
    await app.register(oidcRoutes, { oidc });
    await app.register(devPaypalRoutes, { prefix: '/dev/paypal' });
  },
  { name: 'dev-stand-ins', dependencies: ['db'] },
);
