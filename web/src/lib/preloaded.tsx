import { PRELOADED_DATA_ID } from '@bagshop/domain';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * API answers a server-rendered page was drawn from, by the path `apiData()` asks for
 * (e.g. `products/<id>`): the product-page function puts them into the page
 * (docs/decisions/0020-prerendered-public-pages.md), so the hydrating render starts from the
 * same data as the server's and matches it. Screens still fetch afresh after that.
 */
export type Preloaded = Readonly<Record<string, unknown>>;

const PreloadedContext = createContext<Preloaded>({});

export function PreloadedProvider({ value, children }: { value: Preloaded; children: ReactNode }) {
  return <PreloadedContext.Provider value={value}>{children}</PreloadedContext.Provider>;
}

/** The data the page was rendered with for `apiPath`, if any. */
export function usePreloaded<T>(apiPath: string): T | undefined {
  return useContext(PreloadedContext)[apiPath] as T | undefined;
}

/** The page's JSON data block (browser only); empty when there is none or it cannot be read. */
export function readPreloaded(): Preloaded {
  const text = document.getElementById(PRELOADED_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Preloaded) : {};
  } catch {
    return {};
  }
}
