import './critical-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { afterNextPaint } from '../lib/after-paint';
import { readPreloaded } from '../lib/preloaded';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const app = <App router={BrowserRouter} preloaded={readPreloaded()} />;
// Inside a transition React renders (and hydrates) in small slices that yield to the browser
// between them, instead of one long task: the page stays responsive while the app boots.
// The home, category and product pages arrive prerendered (docs/decisions/0020-prerendered-public-pages.md):
// hydrate them; every other page starts from the empty shell.
// Prerendered markup is on screen already: hydrating waits until the browser has painted it.
if (root.firstElementChild) afterNextPaint(() => startTransition(() => void hydrateRoot(root, app)));
else startTransition(() => createRoot(root).render(app));
