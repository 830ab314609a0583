// A shopper who keeps a tab open across a deploy asks for lazy chunks whose hashed file names
// no longer exist. Reloading fetches the new index.html and its chunks; a guard in
// sessionStorage makes sure a chunk that keeps failing (offline, a broken deploy) cannot
// reload the page over and over. docs/storefront.md, "Error boundaries".

const RELOADED_AT_KEY = 'bagshop.chunkReloadAt';
/** After an automatic reload, another chunk failure within this time shows the message instead. */
export const CHUNK_RELOAD_GUARD_MS = 5 * 60_000;

/** The page reload, behind an object so tests can replace it (jsdom's location cannot be stubbed). */
export const page = {
  reload: (): void => window.location.reload(),
};

// Chrome, Firefox and Safari word a failed dynamic import differently; Vite's preload helper
// says "Unable to preload CSS"; webpack-style loaders name the error ChunkLoadError.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message));
}

/**
 * Reloads the page once for a chunk that failed to load: not again if this tab reloaded for
 * the same reason less than CHUNK_RELOAD_GUARD_MS ago, and not at all when sessionStorage is
 * unavailable (no guard, no reload). Returns whether it reloads.
 */
export function reloadForChunkError(now: number = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    if (last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  page.reload();
  return true;
}
