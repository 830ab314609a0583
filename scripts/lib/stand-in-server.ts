// What the local stand-ins for the third-party servers (scripts/stripe-local, razorpay-local,
// courier-local) share: reading a request body, and listening on 127.0.0.1 with a close that
// also stops their pending timers.
import type { IncomingMessage, Server } from 'node:http';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts listening; the answer closes the server, its open connections and the given timers. */
export function listenLocal(
  server: Server,
  port: number,
  timers: { intervals?: NodeJS.Timeout[]; timeouts?: Set<NodeJS.Timeout> } = {},
): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(
        () =>
          new Promise<void>((done) => {
            for (const t of timers.intervals ?? []) clearInterval(t);
            for (const t of timers.timeouts ?? []) clearTimeout(t);
            server.closeAllConnections();
            server.close(() => done());
          }),
      );
    });
  });
}
