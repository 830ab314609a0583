import type { Express } from 'express';

/**
 * How many proxies in front of the function append to X-Forwarded-For. On Cloud Functions
 * (2nd gen, Cloud Run) Google's front end appends the address it saw and one more Google hop
 * sits behind it, so the client is the second entry from the right; everything to the left of
 * it was written by the client and is ignored. `TRUST_PROXY_HOPS` overrides it (0 = use the
 * socket address only). On the emulators nothing adds the header and req.ip is the socket's.
 */
export const DEFAULT_TRUST_PROXY_HOPS = 2;

export function trustProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.TRUST_PROXY_HOPS?.trim();
  if (!raw) return DEFAULT_TRUST_PROXY_HOPS;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : DEFAULT_TRUST_PROXY_HOPS;
}

/** req.ip (the per-IP rate limits' key) is the address the trusted proxies saw, not one a client wrote. */
export function configureTrustProxy(app: Express, env: NodeJS.ProcessEnv = process.env): void {
  const hops = trustProxyHops(env);
  // A number tells express how many hops from the socket to trust; false means none.
  app.set('trust proxy', hops === 0 ? false : hops);
}
