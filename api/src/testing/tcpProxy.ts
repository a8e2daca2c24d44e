// A TCP proxy in front of the test PostgreSQL server that a test can cut, for "the database goes
// away while the API runs": the app connects through it, the test breaks the network under it.
//
//   const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
//   proxy.cut();          // every connection reset, new ones refused (server down)
//   proxy.blackhole();    // connections stay open but nothing gets through (network partition)
//   await proxy.restore();
import net from 'node:net';

export interface TcpProxy {
  /** Where clients connect instead of the target. */
  port: number;
  /** Resets every open connection and refuses new ones, like a server that stopped. */
  cut(): Promise<void>;
  /** Keeps every connection open and accepts new ones, but nothing passes either way, like a partition. */
  blackhole(): void;
  /** Forwards again (old connections stay dead: the client must reconnect). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'forward' | 'blackhole' = 'forward';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset on one side is expected here; without a listener it would be an uncaught error.
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    // Data is relayed only while forwarding, so a blackhole also silences connections opened before it.
    client.on('data', (chunk) => {
      if (mode === 'forward') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'forward') client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
    blackhole() {
      mode = 'blackhole';
    },
    async restore() {
      mode = 'forward';
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
