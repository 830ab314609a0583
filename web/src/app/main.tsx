import './critical-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { preloadLazyPages } from '../lib/lazy-page';
import { readPreloaded } from '../lib/preloaded';
import { App } from './app';
import { takeEarlyTap } from './early-tap';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const preloaded = readPreloaded();
// Inside a transition React renders (and hydrates) in small slices that yield to the browser
// between them, instead of one long task: the page stays responsive while the app boots.
// The home, category, product and search pages arrive drawn by the server (docs/decisions/0020-prerendered-public-pages.md):
// this module runs once the browser has painted that markup (index.html's inline script starts it,
// docs/decisions/0021-javascript-after-first-paint.md); hydrate once the lazy screens it holds have
// loaded (`data-lazy`), so hydration finishes in one pass. Every other page starts from the empty shell.
if (root.firstElementChild) {
  const lazy = (root.dataset.lazy ?? '').split(' ').filter(Boolean);
  void preloadLazyPages(lazy).then(() =>
    startTransition(() => void hydrateRoot(root, <App router={BrowserRouter} preloaded={preloaded} earlyTap={takeEarlyTap()} />)),
  );
} else startTransition(() => createRoot(root).render(<App router={BrowserRouter} preloaded={preloaded} />));
