import { StrictMode, type ReactNode } from 'react';
import { Providers } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app around a router: the browser's (main.tsx) or a static one for a given URL
 * (prerender.tsx). Both render exactly this tree, so the prerendered HTML hydrates as it is
 * (docs/decisions/0019-prerendered-public-pages.md).
 */
export function App({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <Providers>
        <Router>
          <AppRoutes />
        </Router>
      </Providers>
    </StrictMode>
  );
}
