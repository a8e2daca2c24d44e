// The development stand-ins, as one plugin that app.ts registers only where config.ts devStandIns()
// allows (never in production): the dev mailbox, a local OpenID issuer that plays Google for "Sign in
// with Google", and PayPal (./paypal). The production services never see them: they take ports (a
// mail transport, the identity-token keys, PayPal's base URL from config.ts), and this plugin supplies
// its implementations of those ports. Production code imports this folder only here, through app.ts.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOOPBACK_NAMES, type Config } from '../config.ts';
import { httpError } from '../db/errors.ts';
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

/**
 * An onRequest hook that answers 403 unless the Host header names this machine (localhost, 127.0.0.1,
 * [::1]) on a port the API is reached at: where it listens (config.port, or the port the connection came
 * in on, as tests listen on a free one) or its public URL's, when that is loopback (compose's gateway).
 * Listening on the loopback keeps other machines out, but not a web page whose host name an attacker
 * re-points at 127.0.0.1 (DNS rebinding): the browser then sends the attacker's name as Host.
 */
export function loopbackHostOnly(config: Pick<Config, 'port' | 'publicApiUrl'>) {
  const publicUrl = new URL(config.publicApiUrl);
  const ports = new Set([String(config.port)]);
  if (LOOPBACK_NAMES.has(publicUrl.hostname)) ports.add(publicUrl.port || (publicUrl.protocol === 'https:' ? '443' : '80'));
  const refusal = `The /dev stand-ins answer only this machine's own address: localhost, 127.0.0.1 or [::1], port ${[...ports].join(' or ')}.`;
  return async (request: FastifyRequest) => {
    const [, name = '', port = '80'] = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(request.headers.host ?? '') ?? [];
    const arrivedOn = request.raw.socket?.localPort;
    if (!LOOPBACK_NAMES.has(name.toLowerCase()) || !(ports.has(port) || String(arrivedOn) === port)) {
      throw httpError(403, 'FORBIDDEN', refusal);
    }
  };
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
    // One guard for every stand-in, in a scope of their own: this plugin's own scope is the whole app's.
    await app.register(async (dev) => {
      dev.addHook('onRequest', loopbackHostOnly(config));
      await dev.register(mailboxRoutes);
      await dev.register(oidcRoutes, { oidc });
      await dev.register(devPaypalRoutes, { prefix: '/dev/paypal' });
    });
  },
  { name: 'dev-stand-ins', dependencies: ['db'] },
);
