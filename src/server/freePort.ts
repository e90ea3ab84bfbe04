import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now (the system picks it): for the embedded PostgreSQL, and for tests and benches that start servers. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
