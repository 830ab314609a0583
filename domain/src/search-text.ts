/** The text of a search (GET /api/products/search?q=, the search box and /search?q=). */

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_MAX_RESULTS = 50;

export const SEARCH_MESSAGES = {
  empty: 'Type what you are looking for',
  tooLong: `Search text must be at most ${SEARCH_MAX_CHARS} characters`,
  repeated: 'Send one search text',
} as const;

export type SearchTextResult = { ok: true; q: string } | { ok: false; message: string };

/** Trims and collapses white space; refuses an empty text or one over 100 characters. */
export function parseSearchText(raw: unknown): SearchTextResult {
  if (Array.isArray(raw)) return { ok: false, message: SEARCH_MESSAGES.repeated };
  const q = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim() : '';
  if (q === '') return { ok: false, message: SEARCH_MESSAGES.empty };
  if ([...q].length > SEARCH_MAX_CHARS) return { ok: false, message: SEARCH_MESSAGES.tooLong };
  return { ok: true, q };
}
