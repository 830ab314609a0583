// Server entry of the prerender: the HTML of the public pages, rendered by the same tree the
// browser hydrates (app.tsx). At build time (web/vite.config.ts `prerenderPages()`) the pages
// that need no data (`/`); per request, the page function (functions/src/services/pages.ts)
// renders product, category and search pages from their data.
// docs/decisions/0020-prerendered-public-pages.md.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { renderedLazyPages } from '../lib/lazy-page';
import type { Preloaded } from '../lib/preloaded';
import { App } from './app';

/**
 * Paths prerendered at build time, the built file each one is served from, and the lazy screen
 * whose stylesheets its prerendered markup needs (index.html's screen list). Only the home page:
 * the category pages show their products, so the page function renders them per request.
 */
export const PRERENDERED_PAGES: readonly { path: string; file: string; screen: 'category' | null }[] = [
  { path: '/', file: 'index.html', screen: null },
];

/** A boundary renderToString could not fill (a lazy module not loaded yet) is sent client-rendered. */
const CLIENT_RENDERED = /<!--\$!-->|<template\b/;

/** A page's server-rendered markup and the lazy pages it holds (the browser loads them before hydrating). */
export interface RenderedPage {
  body: string;
  lazy: string[];
}

/**
 * The app's HTML for `path` (with its query: the list pages read their filters from it; drawn
 * from the API answers `preloaded`), with every lazy screen
 * resolved and no script. `renderToString` renders what is loaded; while a lazy screen's module
 * is not (the first request of a process), a `prerender` pass, which waits for Suspense, loads
 * it, and the page is rendered again. prerender's own output is not used: it moves large
 * Suspense boundaries out of line and reveals them with inline scripts.
 */
export async function renderPage(path: string, preloaded: Preloaded = {}): Promise<RenderedPage> {
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const app = <App router={Router} preloaded={preloaded} />;
  const render = () => renderedLazyPages(() => renderToString(app));
  let page = render();
  for (let pass = 0; pass < 3 && CLIENT_RENDERED.test(page.result); pass += 1) {
    await prerender(app);
    page = render();
  }
  if (CLIENT_RENDERED.test(page.result)) throw new Error(`renderPage: ${path} still has a client-rendered boundary`);
  return { body: page.result, lazy: page.names };
}
