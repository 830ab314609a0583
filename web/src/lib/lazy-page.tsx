import { lazy, type ComponentType } from 'react';
import { ScreenBoundary } from './screen-boundary';

/**
 * React.lazy for a screen or section that is not in the entry chunk: resolves only when both
 * its code and Mantine's full CSS (lib/full-styles.ts, fetched once) are there, so it never
 * paints unstyled. The entry itself carries only the CSS the first paint needs.
 *
 * Each one comes inside its own ScreenBoundary: a screen that throws, or whose chunk fails to
 * load, shows a message with Retry in its place (and a failed chunk reloads the page once).
 * The Suspense fallback stays with the caller.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Screen = lazy(async () => {
    const [, screen] = await Promise.all([import('./full-styles'), load()]);
    return screen;
  });
  function LazyPage(props: P) {
    return (
      <ScreenBoundary>
        <Screen {...props} />
      </ScreenBoundary>
    );
  }
  return LazyPage;
}
