import { isPublicApiRead, type ApiFailure } from '@bagshop/domain';
import { config } from './config';
import { loadedAuth } from './auth-loader';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Body = Record<string, unknown> | FormData | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: Body;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** The ID token of whoever is signed in; nobody is while Auth has not been loaded. */
async function authHeader(forceRefresh = false): Promise<Record<string, string>> {
  const user = loadedAuth()?.currentUser;
  if (!user) return {};
  return { Authorization: `Bearer ${await user.getIdToken(forceRefresh)}` };
}

/**
 * The server refused the ID token itself (`WWW-Authenticate: … error="invalid_token"`): it was
 * revoked, which happens when the user's role changes (docs/security.md), or it expired.
 */
function refusedToken(res: Response): boolean {
  return res.status === 401 && /error="invalid_token"/.test(res.headers.get('www-authenticate') ?? '');
}

/**
 * After a refused token: a fresh ID token (with the current role) for one more try; when
 * that cannot be had, or is refused too, the session is over and the user signs in again.
 */
async function refreshedAuthHeader(): Promise<Record<string, string> | null> {
  try {
    const header = await authHeader(true);
    return header.Authorization ? header : null;
  } catch {
    return null;
  }
}

async function endSession(): Promise<void> {
  try {
    await loadedAuth()?.signOut();
  } catch {
    // Storage unavailable: the user is gone for this page anyway.
  }
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * The public reads (the catalogue, a product's published reviews, the seller, delivery quotes,
 * images; `isPublicApiRead` in domain/src/public-reads.ts): the same answer for everyone, cached
 * by the CDN. They go without the ID token, which would make every signed-in shopper's request
 * miss the CDN and reach the function.
 */
export function isPublicRead(path: string, method: RequestOptions['method'] = 'GET'): boolean {
  return isPublicApiRead(path, method);
}

/** Reads the envelope of docs/decisions/0009-api-contract.md: returns the whole JSON body, throws ApiError on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = isPublicRead(path, options.method ?? 'GET') ? {} : await authHeader();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...token };
  const sentToken = 'Authorization' in headers;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(config.apiTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  const url = buildUrl(path, options.query);
  try {
    res = await fetch(url, { method: options.method ?? 'GET', headers, body, signal });
    if (sentToken && refusedToken(res)) {
      const fresh = await refreshedAuthHeader();
      if (fresh) res = await fetch(url, { method: options.method ?? 'GET', headers: { ...headers, ...fresh }, body, signal });
      if (!fresh || refusedToken(res)) await endSession();
    }
  } catch (error) {
    // Cancelled by the caller (a newer search replaced it): nothing went wrong.
    if (options.signal?.aborted) throw error;
    console.error('Network Error', error);
    throw new ApiError(0, 'Network error: please check your connection and try again');
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const failure = (json ?? {}) as Partial<ApiFailure>;
    console.error(`API ${res.status}`, path, failure.message);
    throw new ApiError(res.status, failure.message ?? 'Something went wrong', failure.errors ?? []);
  }
  return json as T;
}

/** Most calls want only `data` from `{ success, data }`. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const json = await apiRequest<{ data: T }>(path, options);
  return json.data;
}

/** The message to show for a failed call: server message, else the joined field errors, else the fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.errors.length) return error.errors.map((e) => e.message).join(', ');
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
