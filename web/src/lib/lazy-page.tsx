import { lazy, useState, type ComponentType } from 'react';
import { ScreenBoundary } from './screen-boundary';

const styles = () => import('./full-styles');

/** Every lazyPage by name: what the browser loads before it hydrates a server-rendered page. */
const registry = new Map<string, () => Promise<unknown>>();
/** While the server renders a page: the lazy pages it drew (see `renderedLazyPages`). */
let drawn: Set<string> | null = null;

/**
 * React.lazy for a screen or section that is not in the entry chunk: resolves only when both
 * its code and Mantine's full CSS (lib/full-styles.ts, fetched once) are there, so it never
 * paints unstyled. The entry itself carries only the CSS the first paint needs.
 *
 * `name` is unique per screen (a later one of the same name replaces it: a module loaded again):
 * a server-rendered page lists the lazy pages it holds and the browser loads their code before it
 * hydrates (`preloadLazyPages`). Once its code is loaded, a lazy page renders
 * without suspending, so hydration finishes in one pass; a boundary still waiting for its chunk
 * when an update (the session, the cart) reaches it would be thrown away and drawn again
 * (docs/decisions/0020-prerendered-public-pages.md).
 *
 * Each one comes inside its own ScreenBoundary: a screen that throws, or whose chunk fails to
 * load, shows a message with Retry in its place (and a failed chunk reloads the page once).
 * The Suspense fallback stays with the caller.
 */
export function lazyPage<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let code: Promise<ComponentType<P>> | null = null;
  const loadCode = (): Promise<ComponentType<P>> => {
    code ??= load().then(
      (screen) => (loaded = screen.default),
      (error: unknown) => {
        code = null;
        throw error;
      },
    );
    return code;
  };
  // Before hydrating, the code is enough: the server's markup is already styled by the CSS in
  // the page's head (docs/decisions/0020-prerendered-public-pages.md). Mantine's whole stylesheet
  // is asked for at the same time, not waited for: the page answers taps sooner. (A screen whose
  // code came this way and that is opened again before that stylesheet lands renders without
  // waiting for it; its own parts are in the head's CSS.)
  registry.set(name, () => {
    void styles().catch(() => undefined);
    return loadCode();
  });
  const preload = async (): Promise<ComponentType<P>> => (await Promise.all([styles(), loadCode()]))[1];
  const Screen = lazy(async () => ({ default: await preload() }));
  function LazyPage(props: P) {
    drawn?.add(name);
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later
    // would be a different element type, and React would mount the screen again.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Screen);
    return (
      <ScreenBoundary>
        <Component {...props} />
      </ScreenBoundary>
    );
  }
  return LazyPage;
}

/** Renders synchronously with `render` and answers the names of the lazy pages it drew (server side). */
export function renderedLazyPages<T>(render: () => T): { result: T; names: string[] } {
  drawn = new Set();
  try {
    const result = render();
    return { result, names: [...drawn].sort() };
  } finally {
    drawn = null;
  }
}

/**
 * Loads the named lazy pages (and those they declare, once their chunks have run). A name that
 * never turns up (another build) or a chunk that fails is left to render lazily as before.
 */
export async function preloadLazyPages(names: readonly string[], rounds = 3): Promise<void> {
  const waiting = new Set(names);
  for (let round = 0; round < rounds && waiting.size > 0; round += 1) {
    const ready = [...waiting].flatMap((name) => {
      const preload = registry.get(name);
      return preload ? [{ name, preload }] : [];
    });
    if (ready.length === 0) return;
    for (const { name } of ready) waiting.delete(name);
    await Promise.allSettled(ready.map(({ preload }) => preload()));
  }
}
