import { StrictMode, type ReactNode } from 'react';
import { PreloadedProvider, type Preloaded } from '../lib/preloaded';
import { Providers } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app around a router: the browser's (main.tsx) or a static one for a given URL
 * (prerender.tsx), with the API answers the page was rendered from. Both render exactly this
 * tree, so prerendered HTML hydrates as it is (docs/decisions/0020-prerendered-public-pages.md).
 */
export function App({ router: Router, preloaded = {} }: { router: (props: { children: ReactNode }) => ReactNode; preloaded?: Preloaded }) {
  return (
    <StrictMode>
      <PreloadedProvider value={preloaded}>
        <Providers>
          <Router>
            <AppRoutes />
          </Router>
        </Providers>
      </PreloadedProvider>
    </StrictMode>
  );
}
