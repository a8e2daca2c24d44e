// User text in mail: names, addresses and delivery instructions reach mails sent to other people
// (stores) and to the user, so each goes through userText(): one line, no URL or host name a mail
// program could turn into a link. HTML parts escape it too, and a subject never carries a line break.
import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { devMail, orders } from '../db/schema.ts';
import { FAST_HASHING, mailbox, type MailJson } from '../testing/accounts.ts';
import { createOrder, createShop, orderPayload, registerShopper, startPayment, type TestShop } from '../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../testing/fakePaypal.ts';
import { buildTestApp } from '../testing/testApp.ts';
import { createMailService, undeliveredMail, userText } from './mail.ts';

describe('userText', () => {
  it.each([
    ['Click http://evil.test now', 'Click now'],
    ['Casey\r\nBcc: victim@example.com', 'Casey Bcc: victim@'],
    ['Bob evil.test/pay?x=1', 'Bob'],
    ['www.evil.example', ''],
    ['HTTPS://EVIL.TEST', ''],
    ['javascript:alert(1) Ann', 'Ann'],
    ['mailto:x@evil.test', ''],
    ['Zoë  \t Ünal', 'Zoë Ünal'],
    ["O'Brien-Smith", "O'Brien-Smith"],
    ['Ring twice. Leave at the door.', 'Ring twice. Leave at the door.'],
    ['Gate code: 12:30, Apt 3.B', 'Gate code: 12:30, Apt 3.B'],
    ['right\u202Eto left\u2028line', 'right to left line'],
    ['http://xn--pypal-4ve.com/login', ''],
  ])('%j → %j', (input, expected) => {
    expect(userText(input)).toBe(expected);
  });

  it('falls back when nothing is left', () => {
    expect(userText('http://evil.test', 'there')).toBe('there');
    expect(userText(null, 'there')).toBe('there');
  });
});

describe('without SMTP_URL or a stand-in mailbox', () => {
  it('fails the send, so the outbox keeps the mail FAILED instead of counting it sent', async () => {
    const warned: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warned.push(args) } as unknown as Parameters<typeof undeliveredMail>[0];
    const mail = createMailService(undeliveredMail(log));
    await expect(mail.send({ to: 'shopper@example.com', subject: 'Your order', text: 'Hi' })).rejects.toThrow('set SMTP_URL');
    expect(warned).toHaveLength(1);
  });
});

describe('mails carrying hostile user text', () => {
  const HOSTILE_FIRST = 'Click http://evil.test/login\r\nBcc: victim@example.com';
  const HOSTILE_LAST = '<a href="https://evil.test">Support</a> www.evil.example';
  const HOSTILE_NOTE = 'Leave at door\n\nURGENT: verify your card at evil.test/verify <script>alert(1)</script>';
  let app: App;
  let paypal: FakePaypal;
  let shop: TestShop;

  beforeAll(async () => {
    paypal = createFakePaypal();
    app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
    shop = await createShop(app);
  });
  afterAll(() => app.close());

  /** No link-able text from the user, no line the user added. */
  function expectHarmless(mail: MailJson) {
    const all = `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`;
    expect(all).not.toMatch(/evil|www\./i);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).not.toContain('\r');
    expect(mail.text).not.toMatch(/^\s*(Bcc|URGENT)/m);
  }

  it("store and confirmation mails strip URLs and line breaks from the shopper's name and instructions", async () => {
    const product = await shop.addProduct('Whole Milk', 399, 10);
    const cart = [{ product, quantity: 1 }];
    const shopper = await registerShopper(app, HOSTILE_FIRST, HOSTILE_LAST);
    const started = await startPayment(app, shopper, cart);
    paypal.approve(started.paypalOrderId);
    const payload = orderPayload(started.paypalOrderId, cart);
    payload.deliveryInfo.deliveryInstructions = HOSTILE_NOTE;
    expect((await createOrder(app, shopper, payload)).statusCode).toBe(200);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, started.orderReference));

    const deadline = Date.now() + 5_000;
    let store: MailJson[] = [];
    let customer: MailJson[] = [];
    while ((store.length === 0 || customer.length === 0) && Date.now() < deadline) {
      store = await mailbox(app, shop.loop.contactEmail);
      customer = await mailbox(app, shopper.email);
      await new Promise((r) => setTimeout(r, 20));
    }
    const storeMail = store.find((m) => m.subject.includes(order!.orderNumber))!;
    expectHarmless(storeMail);
    expect(storeMail.links).toEqual([]);
    // Plain text: what is left of the markup is only text.
    expect(storeMail.text).toContain('\n  Click Bcc: victim@ <a href="\n');
    expect(storeMail.text).toContain('  Instructions: Leave at door URGENT: verify your card at <script>alert(1)</script>\n');

    const confirmation = customer.find((m) => m.subject.includes(order!.orderNumber))!;
    expectHarmless(confirmation);
    expect(confirmation.text.split('\n')[0]).toBe('Hi Click Bcc: victim@,');
    expect(confirmation.links).toEqual([expect.stringMatching(new RegExp(`/order-details/${order!.id}$`))]);
  });

  it('the password reset mail does the same, and escapes the name in its HTML part', async () => {
    const user = await registerShopper(app, '<b>Mallory</b> http://evil.test', 'X');
    const res = await app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 5_000;
    let reset: MailJson | undefined;
    while (!reset && Date.now() < deadline) {
      reset = (await mailbox(app, user.email)).find((m) => /reset/i.test(m.subject));
      if (!reset) await new Promise((r) => setTimeout(r, 20));
    }
    expectHarmless(reset!);
    expect(reset!.text.split('\n')[0]).toBe('Hi <b>Mallory</b>,');
    expect(reset!.html).toContain('<p>Hi &#60;b&#62;Mallory&#60;/b&#62;,</p>');
    // The only link is ours.
    expect(reset!.links).toEqual([expect.stringContaining('/reset-password?token=')]);
  });

  it('a subject never carries a line break into the headers', async () => {
    await app.services.mail.send({ to: 'store@example.com', subject: 'New order\r\nBcc: victim@example.com', text: 'x' });
    const [row] = await app.db.select().from(devMail).where(eq(devMail.to, 'store@example.com'));
    expect(row!.subject).toBe('New order Bcc: victim@example.com');
  });
});
