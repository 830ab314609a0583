import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a screen or section that is not in the entry chunk: resolves only when both
 * its code and Mantine's full CSS (lib/full-styles.ts, fetched once) are there, so it never
 * paints unstyled. The entry itself carries only the CSS the first paint needs.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [, screen] = await Promise.all([import('./full-styles'), load()]);
    return screen;
  });
}
