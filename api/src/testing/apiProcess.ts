// Crash tests: the API in a process of its own (src/server.ts under tsx, as `npm start` runs it) on a
// shared test database, that a test can kill with SIGKILL (no close hook, no flush: what a power cut
// or the OOM killer does), and a relay in front of its /dev/paypal stand-in that holds chosen requests,
// before or after passing them on, so the kill lands at an exact step of checkout.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { freePort, waitForHealth } from '../../scripts/bench-lib.ts';

const SERVER = path.join(import.meta.dirname, '..', 'server.ts');

export interface ApiProcess {
  base: string;
  /** The log entries so far (pino-pretty's text, as development prints it), each message with its fields. */
  logs(): LogEntry[];
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), then waits for the exit. */
  stop(): Promise<void>;
}

export interface LogEntry {
  level: string;
  msg: string;
  /** Top-level fields; nested ones are left out. */
  fields: Record<string, unknown>;
}

/** pino-pretty's `[HH:MM:ss] LEVEL: message` lines, each followed by its `    key: value` lines. */
export function parsePrettyLog(text: string): LogEntry[] {
  const entries: LogEntry[] = [];
  // eslint-disable-next-line no-control-regex
  for (const line of text.replace(/\u001b\[[0-9;]*m/g, '').split('\n')) {
    const head = /^\[[\d:.]+\] (\w+)(?: \(\d+\))?: (.*)$/.exec(line);
    if (head) {
      entries.push({ level: head[1]!, msg: head[2]!, fields: {} });
      continue;
    }
    const field = /^ {4}(\w+): (.*)$/.exec(line);
    const entry = entries.at(-1);
    if (!field || !entry) continue;
    try {
      entry.fields[field[1]!] = JSON.parse(field[2]!);
    } catch {
      entry.fields[field[1]!] = field[2];
    }
  }
  return entries;
}

/** Starts the API with `env` on top of a development, loopback-only setup; resolves once /health answers. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: path.dirname(SERVER),
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'development',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      PUBLIC_API_URL: base,
      SEED_DEMO_ACCOUNTS: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = once(child, 'exit');
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    // tsx compiles the whole API at start: minutes on a loaded 2-core machine.
    await waitForHealth(base, 180_000);
  } catch (err) {
    await end('SIGKILL');
    throw err;
  }
  return { base, logs: () => parsePrettyLog(output), kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** What the relay does with a request it matched: pass it on and keep the answer, or keep the request itself. */
export type Hold = 'after-forwarding' | 'before-forwarding';

export interface PaypalRelay {
  /** PAYPAL_API_BASE for the API: the relay's /dev/paypal. */
  apiBase: string;
  /** Where requests go: the current API process. */
  target: string;
  /** Requests whose path includes a key here are held as said; the promise resolves once one was. */
  hold(pathPart: string, how: Hold): Promise<void>;
  /** Lets held requests go (their connections are ended) and stops holding. */
  close(): Promise<void>;
}

/** An HTTP relay in front of the API's own PayPal stand-in (the API calls its PayPal through it). */
export async function startPaypalRelay(): Promise<PaypalRelay> {
  const rules = new Map<string, { how: Hold; held: () => void }>();
  const heldResponses = new Set<http.ServerResponse>();
  const relay: PaypalRelay = {
    apiBase: '',
    target: '',
    hold(pathPart, how) {
      return new Promise((resolve) => rules.set(pathPart, { how, held: resolve }));
    },
    async close() {
      for (const res of heldResponses) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rule = [...rules].find(([part]) => req.url!.includes(part));
      if (rule) rules.delete(rule[0]);
      if (rule?.[1].how === 'before-forwarding') {
        heldResponses.add(res);
        rule[1].held();
        return;
      }
      const target = new URL(relay.target);
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            if (rule) {
              // PayPal has done it; the API never hears.
              heldResponses.add(res);
              rule[1].held();
              return;
            }
            res.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(body));
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  relay.apiBase = `http://127.0.0.1:${(server.address() as { port: number }).port}/dev/paypal`;
  return relay;
}
