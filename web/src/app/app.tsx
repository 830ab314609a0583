import { StrictMode, type ReactNode } from 'react';
import { PreloadedProvider, type Preloaded } from '../lib/preloaded';
import { Providers } from './providers';
import { EarlyTap } from './early-tap';
import { AppRoutes } from './router';

/**
 * The whole app around a router: the browser's (main.tsx) or a static one for a given URL
 * (prerender.tsx), with the API answers the page was rendered from. Both render exactly this
 * tree, so prerendered HTML hydrates as it is (docs/decisions/0020-prerendered-public-pages.md).
 */
export function App({
  router: Router,
  preloaded = {},
  earlyTap = null,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  preloaded?: Preloaded;
  /** A button tapped before the browser's app took the page over (main.tsx): clicked again once it has. */
  earlyTap?: HTMLButtonElement | null;
}) {
  return (
    <StrictMode>
      <PreloadedProvider value={preloaded}>
        <Providers>
          <Router>
            <AppRoutes />
            {/* Rendered on both sides (it draws nothing), so the tree, and React's ids, match. */}
            <EarlyTap button={earlyTap} />
          </Router>
        </Providers>
      </PreloadedProvider>
    </StrictMode>
  );
}
