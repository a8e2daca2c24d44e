// The app's services, built once over app.db and decorated as `app.services` for routes to call.
// A new feature adds its service to `Services` and constructs it here. Tests may replace any of them
// (`overrides`, e.g. a fake PayPal); the order services reach PayPal, mail and the catalogue through
// app.services at call time, so replacing those reaches them too.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChannelListener } from '../db/listen.ts';
import { createHealthService, type HealthService } from '../services/health.ts';
import { createCatalogueService, type CatalogueService } from '../services/catalogue/catalogueService.ts';
import { createSessionJwt, createTicketJwt } from '../lib/jwt.ts';
import { createAuthService, type AuthService } from '../services/auth/auth.ts';
import { createSessionCache, SESSION_CHANNEL, type SessionCache } from '../services/auth/sessionCache.ts';
import { remoteIdentityKeys, type IdentityKeys } from '../services/auth/identity.ts';
import { createMemoryCounters, createRedisCounters } from '../services/counters.ts';
import { createFavouritesService, type FavouritesService } from '../services/favourites.ts';
import { createMailService, smtpTransport, undeliveredMail, type MailService, type MailTransport } from '../services/mail.ts';
import { createPasswordHasher, type PasswordHasher } from '../services/passwords.ts';
import { createUsersService, type UsersService } from '../services/users.ts';
import { createVitalsService, type VitalsService } from '../services/vitals.ts';
import { createZipDirectory, type ZipDirectory } from '../services/zipDirectory.ts';
import { createDeliveryFeesService, type DeliveryFeesService } from '../services/deliveryFees.ts';
import { readStoreRulesByUuid } from '../services/stores/rules.ts';
import { createStoreRulesCache, STORE_CHANNEL, type StoreRulesCache } from '../services/stores/rulesCache.ts';
import { createBuyAgainService, type BuyAgainService } from '../services/orders/buyAgain.ts';
import { createCheckoutService, type CheckoutService } from '../services/orders/checkout.ts';
import { createSubstitutionsService, type SubstitutionsService } from '../services/substitutions.ts';
import { createNotificationFeed, type NotificationFeed } from '../services/orders/notificationFeed.ts';
import { createNotificationsService, type NotificationsService } from '../services/orders/notifications.ts';
import { createOrdersService, type OrdersService } from '../services/orders/orders.ts';
import { createOutbox, type Outbox } from '../services/orders/outbox.ts';
import { createReconciler, type Reconciler } from '../services/orders/reconcile.ts';
import { createRefundsService, type RefundsService } from '../services/orders/refunds.ts';
import { createPaypalClient } from '../services/paypal/client.ts';
import { createOrderEventFeed, type OrderEventFeed } from '../services/orders/orderEventFeed.ts';
import { createOpsAccess, type OpsAccess } from '../services/ops/access.ts';
import { createBoardService, type BoardService } from '../services/ops/board.ts';
import { createFulfilmentService, type FulfilmentService } from '../services/ops/fulfilment.ts';
import { createInventoryService, type InventoryService } from '../services/ops/inventory.ts';
import { createInventoryCsvService, type InventoryCsvService } from '../services/ops/inventoryCsv.ts';
import { createOpsNotificationsService, type OpsNotificationsService } from '../services/ops/notifications.ts';
import { createSettingsService, type SettingsService } from '../services/ops/settings.ts';
import { createStaffService, type StaffService } from '../services/ops/staff.ts';
import type { PaypalClient } from '../services/paypal/types.ts';
import { createDeliveryWindowsService, systemClock, type Clock, type DeliveryWindowsService } from '../services/delivery/windows.ts';

export interface Services {
  health: HealthService;
  catalogue: CatalogueService;
  mail: MailService;
  zipDirectory: ZipDirectory;
  passwords: PasswordHasher;
  users: UsersService;
  auth: AuthService;
  /** The session check's answers, kept while notices of their changes arrive (decision 017). */
  sessionCache: SessionCache;
  favourites: FavouritesService;
  /** The stores' rules by uuid, kept while notices of their changes arrive (decision 018). */
  storeRules: StoreRulesCache;
  paypal: PaypalClient;
  deliveryFees: DeliveryFeesService;
  checkout: CheckoutService;
  orders: OrdersService;
  /** Buy again and reorder from a past order. */
  buyAgain: BuyAgainService;
  /** Remembered 'If out of stock' choices. */
  substitutions: SubstitutionsService;
  notifications: NotificationsService;
  notificationFeed: NotificationFeed;
  refunds: RefundsService;
  /** Delivers what a paid order set off (mails, refunds); runs in every API process. */
  outbox: Outbox;
  /** Settles orders left PENDING (a crash between capture and recording) from PayPal's record; runs in every API process. */
  reconciler: Reconciler;
  /** What time it is for hours and delivery windows; tests replace it to set the time. */
  clock: Clock;
  deliveryWindows: DeliveryWindowsService;
  /** Core Web Vitals reported by shoppers' browsers. */
  vitals: VitalsService;
  /** The shoppers' live order changes (GET /orders/{id}/events). */
  orderEvents: OrderEventFeed;
  /** The store side (docs/ops-api.md): what admins and store staff do. */
  ops: OpsServices;
}

export interface OpsServices {
  access: OpsAccess;
  board: BoardService;
  fulfilment: FulfilmentService;
  inventory: InventoryService;
  inventoryCsv: InventoryCsvService;
  settings: SettingsService;
  staff: StaffService;
  notifications: OpsNotificationsService;
}

/** Lifetime of a ticket from POST /admin/notifications/stream-ticket (lib/jwt.ts TicketJwt). */
export const TICKET_TTL_SECONDS = 60;

/**
 * What the services reach the outside world through, where a stand-in may take the real one's place
 * (the dev plugin, api/src/dev, supplies its own). PayPal's is its base URL, in config.ts.
 */
export interface ServicePorts {
  /** The keys that verify "Sign in with Google" ID tokens; by default Google's at GOOGLE_JWKS_URL. */
  identityKeys: IdentityKeys;
  /** How mail leaves when SMTP_URL is unset; by default it is dropped with a warning. */
  mailTransport: MailTransport;
}

export interface ServicesOptions {
  /** Stand-in implementations of some ports. */
  ports?: Partial<ServicePorts>;
  /** Replacements for some services (tests). */
  overrides?: Partial<Services>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export default fp<ServicesOptions>(
  async (app, options) => {
    const catalogue = createCatalogueService(app.db, { reads: app.dbReads, background: app.dbBackground });
    const accounts = accountServices(app, catalogue, options.ports ?? {});
    const storeRules = createStoreRulesCache((uuids) => readStoreRulesByUuid(app.db, uuids), app.log);
    const services: Services = {
      health: createHealthService(app.db, app.log),
      catalogue,
      ...accounts,
      storeRules,
      // PayPal's REST API, or the /dev/paypal stand-in without credentials (config.ts): the same client either way.
      paypal: createPaypalClient({
        apiBase: app.config.paypalApiBase,
        clientId: app.config.paypalClientId,
        clientSecret: app.config.paypalClientSecret,
      }),
      ...orderServices(app, accounts, storeRules),
      vitals: createVitalsService(app.db),
      orderEvents: createOrderEventFeed({ db: app.db, log: app.log }),
      ops: opsServices(app, accounts, storeRules),
      clock: systemClock,
      deliveryWindows: createDeliveryWindowsService({
        db: app.db,
        clock: () => app.services.clock,
        zips: accounts.zipDirectory,
        storeRules,
      }),
      ...options.overrides,
    };
    app.decorate('services', services);
    let notices: ChannelListener | undefined;
    // The worker starts once the app is ready and finishes its batch before the database closes.
    app.addHook('onReady', async () => {
      // One connection for both channels. Waits for the first try only: until notices are confirmed (here or
      // on a retry) sessions and store rules are read each time. First, so the workers start as the app
      // becomes ready, as they did before it listened.
      notices = app.dbListen({ [SESSION_CHANNEL]: services.sessionCache, [STORE_CHANNEL]: services.storeRules });
      await notices.started;
      services.outbox.start();
      services.reconciler.start();
    });
    app.addHook('preClose', async () => {
      await notices?.stop();
      await services.reconciler.stop();
      await services.outbox.stop();
    });
    app.addHook('onClose', async () => {
      await services.auth.idle();
      services.notificationFeed.close();
      services.orderEvents.close();
    });
  },
  { name: 'services', dependencies: ['db', 'redis'] },
);

function accountServices(app: FastifyInstance, catalogue: CatalogueService, ports: Partial<ServicePorts>) {
  const { config, db, log } = app;
  const { smtpUrl } = config;
  const mail = createMailService(
    smtpUrl ? smtpTransport({ smtpUrl, mailFrom: config.mailFrom }, log) : (ports.mailTransport ?? undeliveredMail(log)),
  );
  const zipDirectory = createZipDirectory();
  const passwords = createPasswordHasher(config.passwordHashLogN, config.passwordChecks);
  const sessionCache = createSessionCache(log);
  const users = createUsersService(db, zipDirectory, sessionCache);
  const counters = app.redis ? createRedisCounters(app.redis) : createMemoryCounters();
  const jwt = createSessionJwt(config.jwtSecret, config.jwtTtlSeconds);
  const tickets = createTicketJwt(config.jwtSecret, TICKET_TTL_SECONDS);
  // Mail through app.services at call time, so a test's replacement mail service is the one used.
  const auth = createAuthService({
    db,
    config,
    log,
    hasher: passwords,
    jwt,
    tickets,
    users,
    mail: lateMail(app),
    counters,
    identityKeys: ports.identityKeys ?? remoteIdentityKeys(config.googleJwksUrl),
    sessionCache,
  });
  return { mail, zipDirectory, passwords, users, auth, sessionCache, favourites: createFavouritesService(db, catalogue) };
}

const lateMail = (app: FastifyInstance): MailService => ({
  send: (message) => app.services.mail.send(message),
});

/** Checkout and orders (decision 003). They reach other services through app.services, so overrides apply. */
function orderServices(app: FastifyInstance, accounts: ReturnType<typeof accountServices>, storeRules: StoreRulesCache) {
  const { db, log, config } = app;
  const deliveryFees = createDeliveryFeesService(storeRules, accounts.zipDirectory);
  const paypal = () => app.services.paypal;
  const windows = () => app.services.deliveryWindows;
  const clock = () => app.services.clock;
  const common = { db, log, deliveryFees, paypal, windows, clock };
  const checkout = createCheckoutService({ ...common, users: accounts.users });
  const refunds = createRefundsService({ db, log, paypal });
  const feed = { nudge: () => app.services.notificationFeed.nudge() };
  const outbox = createOutbox({
    db,
    log,
    config,
    mail: { send: (m) => app.services.mail.send(m) },
    refunds: { sendDue: () => app.services.refunds.sendDue() },
    feed,
  });
  const orders = createOrdersService({
    ...common,
    catalogue: { invalidate: () => app.services.catalogue.invalidate() },
    refunds: { request: (tx, input) => app.services.refunds.request(tx, input), send: (id) => app.services.refunds.send(id) },
    outbox: { nudge: () => app.services.outbox.nudge() },
  });
  const notificationFeed = createNotificationFeed({ db, log });
  const notifications = createNotificationsService({
    db,
    orders,
    outbox: { deliverOrder: (id, type) => app.services.outbox.deliverOrder(id, type) },
    feed,
  });
  const buyAgain = createBuyAgainService({
    db,
    catalogue: { productsByUuids: (uuids) => app.services.catalogue.productsByUuids(uuids) },
    orders,
    coverage: (account) => app.services.deliveryWindows.coverage(account),
  });
  const substitutions = createSubstitutionsService(db);
  const reconciler = createReconciler({ db, log, config, orders: { reconcile: (order) => app.services.orders.reconcile(order) } });
  return { deliveryFees, checkout, orders, buyAgain, substitutions, notifications, notificationFeed, refunds, outbox, reconciler };
}

/** The store side. Like the order services, they reach the others through app.services at call time. */
function opsServices(app: FastifyInstance, accounts: ReturnType<typeof accountServices>, storeRules: StoreRulesCache): OpsServices {
  const { db, log, config } = app;
  const access = createOpsAccess(db);
  const events = { nudge: () => app.services.orderEvents.nudge() };
  const board = createBoardService({ db, access, events, clock: () => app.services.clock });
  const catalogue = { invalidate: () => app.services.catalogue.invalidate() };
  const fulfilment = createFulfilmentService({
    db,
    log,
    access,
    board,
    orders: { track: (caller, input) => app.services.orders.track(caller, input) },
    refunds: { request: (tx, input) => app.services.refunds.request(tx, input), send: (id) => app.services.refunds.send(id) },
    catalogue,
    windows: () => app.services.deliveryWindows,
    outbox: { nudge: () => app.services.outbox.nudge() },
    events,
  });
  const inventory = createInventoryService({ db, access, catalogue });
  return {
    access,
    board,
    fulfilment,
    inventory,
    inventoryCsv: createInventoryCsvService({ db, access, inventory }),
    settings: createSettingsService({ db, access, storeRules }),
    staff: createStaffService({ db, config, access, mail: lateMail(app), hasher: accounts.passwords, sessions: accounts.sessionCache }),
    notifications: createOpsNotificationsService({ db, access, outbox: { deliverOne: (id) => app.services.outbox.deliverOne(id) } }),
  };
}
