import './critical-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { afterNextPaint } from '../lib/after-paint';
import { preloadLazyPages } from '../lib/lazy-page';
import { readPreloaded } from '../lib/preloaded';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const app = <App router={BrowserRouter} preloaded={readPreloaded()} />;
// Inside a transition React renders (and hydrates) in small slices that yield to the browser
// between them, instead of one long task: the page stays responsive while the app boots.
// The home, category and product pages arrive prerendered (docs/decisions/0020-prerendered-public-pages.md):
// hydrate them once the browser has painted that markup and the lazy screens it holds have
// loaded (`data-lazy`), so hydration finishes in one pass; every other page starts from the empty shell.
if (root.firstElementChild) {
  const lazy = (root.dataset.lazy ?? '').split(' ').filter(Boolean);
  afterNextPaint(() => void preloadLazyPages(lazy).then(() => startTransition(() => void hydrateRoot(root, app))));
} else startTransition(() => createRoot(root).render(app));
