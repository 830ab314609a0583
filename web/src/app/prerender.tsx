// Server entry of the build-time prerender (web/vite.config.ts `prerenderPages()`): the HTML
// of the public pages that need no data to draw their first screen, rendered by the same tree
// the browser hydrates (app.tsx). docs/decisions/0019-prerendered-public-pages.md.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';

/**
 * Paths prerendered at build time, the built file each one is served from (cleanUrls), and the
 * lazy screen whose stylesheets its prerendered markup needs (index.html's screen list).
 */
export const PRERENDERED_PAGES: readonly { path: string; file: string; screen: 'category' | null }[] = [
  { path: '/', file: 'index.html', screen: null },
  { path: '/luggage', file: 'luggage.html', screen: 'category' },
  { path: '/backpacks', file: 'backpacks.html', screen: 'category' },
  { path: '/duffles', file: 'duffles.html', screen: 'category' },
];

/**
 * The app's HTML for `path`, with every lazy screen resolved and no script. A first pass
 * (`prerender`, which waits for Suspense) loads the lazy screens' modules; the second,
 * `renderToString`, then renders them in place. prerender's own output is not used: it moves
 * large Suspense boundaries out of line and reveals them with inline scripts.
 */
export async function renderPage(path: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  await prerender(<App router={Router} />);
  return renderToString(<App router={Router} />);
}
