import type { ApiFailure } from '@bagshop/domain';
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
}

/** The ID token of whoever is signed in; nobody is while Auth has not been loaded. */
async function authHeader(): Promise<Record<string, string>> {
  const user = loadedAuth()?.currentUser;
  if (!user) return {};
  return { Authorization: `Bearer ${await user.getIdToken()}` };
}

declare global {
  interface Window {
    /** Public GET requests index.html started with the HTML, by path and query (see there). */
    __bagshopEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/** The response index.html already asked for, once: a second identical request reuses nothing. */
function takeEarlyResponse(url: string, options: RequestOptions): Promise<Response> | undefined {
  const early = window.__bagshopEarly;
  if (!early || (options.method ?? 'GET') !== 'GET' || options.body !== undefined) return undefined;
  const { pathname, search } = new URL(url);
  const key = `${pathname}${search}`;
  const response = early[key];
  delete early[key];
  return response;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** Reads the envelope of DESIGN §5: returns the whole JSON body, throws ApiError on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await authHeader()) };
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
    const early = takeEarlyResponse(url, options);
    res = (early ? await early.catch(() => undefined) : undefined) ?? (await fetch(url, { method: options.method ?? 'GET', headers, body, signal }));
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
