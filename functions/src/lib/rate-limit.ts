import type { Request, RequestHandler } from 'express';
import { serverConfig } from '../config.js';
import { HttpError } from './errors.js';

export interface RateLimitOptions {
  /** Name of the limited action, part of the key and of the message. */
  name: string;
  /** Requests allowed per window for one key. */
  limit: number;
  windowMs: number;
  /** What identifies a caller: by default the client IP. */
  key?: (req: Request) => string | Promise<string>;
  /** The 429's message (default: 'Too many requests, please try again in a little while'). */
  message?: string;
}

/**
 * Fixed-window limiter kept in the function instance's memory. It bounds abuse from one
 * client against one instance; with many instances the effective limit is limit × instances,
 * which is fine for brute-force and spam protection (a shared counter would cost a
 * Firestore write per request). Answers 429 with Retry-After.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return async (req, _res, next) => {
    const now = Date.now();
    const who = options.key ? await options.key(req) : (req.ip ?? 'unknown');
    const key = `${options.name}:${who}`;
    let entry = windows.get(key);
    if (!entry || now - entry.start >= options.windowMs) {
      entry = { start: now, count: 0 };
      windows.set(key, entry);
      if (windows.size > 10_000) sweep(windows, now, options.windowMs);
    }
    entry.count += 1;
    if (entry.count > options.limit) {
      const retryAfter = Math.max(1, Math.ceil((entry.start + options.windowMs - now) / 1000));
      next(
        new HttpError(429, options.message ?? 'Too many requests, please try again in a little while', undefined, {
          'Retry-After': String(retryAfter),
        }),
      );
      return;
    }
    next();
  };
}

function sweep(windows: Map<string, { start: number }>, now: number, windowMs: number): void {
  for (const [key, entry] of windows) if (now - entry.start >= windowMs) windows.delete(key);
}

/** Tests and benchmarks drive many requests from one machine; they raise the limits (RATE_LIMIT_<NAME>, config.ts). */
export function limitFromEnv(name: string, fallback: number): number {
  return serverConfig().rateLimits[name.toLowerCase()] ?? fallback;
}

/** Runs a limiter inside a route (after its guard): resolves when allowed, rejects with the 429. */
export function withinLimit(limiter: RequestHandler, req: Request, res: Parameters<RequestHandler>[1]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    void limiter(req, res, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()));
  });
}
