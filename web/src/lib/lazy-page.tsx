import { lazy, type ComponentType } from 'react';
import { ScreenBoundary } from './screen-boundary';

const styles = () => import('./full-styles');

/**
 * React.lazy for a part of a screen that loads on demand (the menu's drawer, the home page's
 * sections, the review form): resolves only when both its code and Mantine's full CSS
 * (lib/full-styles.ts, fetched once) are there, so it never paints unstyled. It comes inside
 * its own ScreenBoundary: a part that throws, or whose chunk fails to load, shows a message with
 * Retry in its place (and a failed chunk reloads the page once). The Suspense fallback stays with
 * the caller. Whole screens are route modules (web/src/app/routes.ts), split by the framework.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Part = lazy(async () => ({ default: (await Promise.all([styles(), load()]))[1].default }));
  function LazyPart(props: P) {
    return (
      <ScreenBoundary>
        <Part {...props} />
      </ScreenBoundary>
    );
  }
  return LazyPart;
}
