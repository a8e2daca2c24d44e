// CPU per PayPal call in the API process: the PayPal client over global fetch (as it was) against the same
// client over its own transport (undici's request() on a keep-alive pool). A PayPal that answers at once runs
// in a child process on the loopback, so only the client's side is counted (process.cpuUsage). Rounds
// alternate the order of the two so neither always runs on a warmer process.
//
//   npx tsx scripts/bench-paypal-client.ts                 # 4000 captures per round, 10 at a time, 5 rounds
//   CALLS=2000 CONCURRENCY=1 ROUNDS=3 npx tsx scripts/bench-paypal-client.ts
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPaypalClient, createPaypalTransport, type PaypalTransport } from '../src/services/paypal/client.ts';

// About the size of a captured order with return=representation.
const order = JSON.stringify({
  id: '5O190127TN364715T',
  status: 'COMPLETED',
  purchase_units: [
    {
      reference_id: '0f8a3c52-6d3e-4f55-9a4e-3d2b6c1e7a90',
      invoice_id: '0f8a3c52-6d3e-4f55-9a4e-3d2b6c1e7a90',
      amount: { currency_code: 'USD', value: '42.17' },
      payments: { captures: [{ id: '3C679366HH908993F', status: 'COMPLETED', amount: { currency_code: 'USD', value: '42.17' } }] },
    },
  ],
  links: [{ href: 'https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T', rel: 'self', method: 'GET' }],
});

if (process.argv[2] === 'paypal') {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = req.url?.endsWith('/v1/oauth2/token') ? JSON.stringify({ access_token: 'T'.repeat(97), expires_in: 32_400 }) : order;
      res.writeHead(req.url?.endsWith('/capture') ? 201 : 200, { 'content-type': 'application/json' }).end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
  process.on('disconnect', () => process.exit(0));
} else {
  const calls = Number(process.env.CALLS ?? 4000);
  const concurrency = Number(process.env.CONCURRENCY ?? 10);
  const rounds = Number(process.env.ROUNDS ?? 5);

  const paypal = fork(process.argv[1]!, ['paypal'], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve) => paypal.once('message', (m) => resolve(Number(m))));
  const apiBase = `http://127.0.0.1:${port}/paypal`;

  // The client's exchange as it was before it had a transport of its own.
  const fetchTransport: PaypalTransport = async ({ method, path, headers, body, signal }) => {
    const res = await fetch(`${apiBase}${path}`, { method, headers, body, signal });
    return { status: res.status, text: await res.text() };
  };
  const transports = { fetch: fetchTransport, pool: createPaypalTransport(apiBase) };
  const clients = Object.entries(transports).map(([name, transport]) => ({
    name,
    client: createPaypalClient({ apiBase, clientId: 'id', clientSecret: 'secret', transport }),
  }));

  async function round(client: (typeof clients)[number]['client']): Promise<number> {
    let left = calls;
    const start = process.cpuUsage();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) {
          const captured = await client.captureOrder('5O190127TN364715T', 'capture-0f8a3c52');
          if (captured.capture?.amountCents !== 4217) throw new Error('the capture did not come back whole');
        }
      }),
    );
    const used = process.cpuUsage(start);
    return (used.user + used.system) / calls;
  }

  // A warm-up round each (token fetched, JIT settled, connections open), not counted.
  for (const { client } of clients) await round(client);
  const perCall = new Map<string, number[]>(clients.map(({ name }) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const { name, client } of r % 2 === 0 ? clients : [...clients].reverse()) perCall.get(name)!.push(await round(client));
  }
  console.log(`${calls} captures per round, ${concurrency} at a time, ${rounds} rounds; CPU µs per call in this process`);
  for (const [name, values] of perCall) {
    const sorted = [...values].sort((a, b) => a - b);
    const shown = values.map((v) => v.toFixed(0)).join(' ');
    console.log(`${name.padEnd(6)} median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0).padStart(4)}   rounds: ${shown}`);
  }
  paypal.disconnect();
}
