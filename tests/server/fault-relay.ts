import net from 'node:net';

/**
 * A TCP relay to the PostgreSQL server of `databaseUrl` that can cut every connection and then
 * swallow new ones: they are accepted, and never answered, as behind a dead route. `url` is
 * `databaseUrl` through the relay.
 */
export async function startRelay(databaseUrl: string) {
  const target = { host: new URL(databaseUrl).hostname, port: Number(new URL(databaseUrl).port || 5432) };
  const sockets = new Set<net.Socket>();
  let swallowing = false;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (swallowing) return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    /** Cuts every open connection; new ones are accepted and left unanswered. */
    blackhole() {
      swallowing = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      swallowing = false;
      for (const socket of sockets) socket.destroy(); // the swallowed ones
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
