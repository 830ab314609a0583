import type { Express } from 'express';
import { serverConfig } from '../config.js';

/**
 * How many proxies in front of the function append to X-Forwarded-For. On Cloud Functions
 * (2nd gen, Cloud Run) Google's front end appends the address it saw and one more Google hop
 * sits behind it, so the client is the second entry from the right; everything to the left of
 * it was written by the client and is ignored. `TRUST_PROXY_HOPS` (config.ts, default 2) sets
 * it (0 = use the socket address only). On the emulators nothing adds the header and req.ip
 * is the socket's.
 */
/** req.ip (the per-IP rate limits' key) is the address the trusted proxies saw, not one a client wrote. */
export function configureTrustProxy(app: Express, hops: number = serverConfig().trustProxyHops): void {
  // A number tells express how many hops from the socket to trust; false means none.
  app.set('trust proxy', hops === 0 ? false : hops);
}
