import { ApiError } from './api-client';
import { loadedAuth } from './auth-loader';
import { config } from './config';

/** The file name a Content-Disposition header gives, if any. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? null;
}

/**
 * GET an /api file (a PDF, a CSV) with the signed-in user's token and save it: a plain link
 * cannot carry the Authorization header. A failure throws ApiError with the server's message.
 */
export async function downloadApiFile(path: string, fallbackName: string, query?: Record<string, string>): Promise<void> {
  const user = loadedAuth()?.currentUser;
  const headers: Record<string, string> = user ? { Authorization: `Bearer ${await user.getIdToken()}` } : {};
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(config.apiTimeoutMs) });
  } catch {
    throw new ApiError(0, 'Network error: please check your connection and try again');
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, json?.message ?? 'The download failed');
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; give the browser a moment before freeing the blob.
  window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
