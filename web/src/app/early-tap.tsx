import { useEffect } from 'react';

declare global {
  interface Window {
    /**
     * Set by index.html's inline script on a server-drawn page: stops keeping taps and returns the
     * button tapped before the app took the page over, if any.
     */
    __bagshopTap?: () => HTMLButtonElement | null;
  }
}

/** The button tapped before the app ran (docs/decisions/0021-javascript-after-first-paint.md); from now on React handles taps. */
export function takeEarlyTap(): HTMLButtonElement | null {
  return window.__bagshopTap?.() ?? null;
}

/**
 * Clicks `button` again once the app has hydrated the page: a tap on the menu, Add to cart or a
 * filter between the first paint and hydration does what it would have done a moment later.
 * Renders nothing, so it changes nothing in the server's markup.
 */
export function EarlyTap({ button }: { button: HTMLButtonElement | null }): null {
  useEffect(() => {
    // Once per button, also under StrictMode's second mount in development.
    if (!button?.isConnected || replayed.has(button)) return;
    replayed.add(button);
    button.click();
  }, [button]);
  return null;
}

const replayed = new WeakSet<HTMLButtonElement>();
