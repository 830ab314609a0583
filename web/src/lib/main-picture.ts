import 'react';

/**
 * The `elementtiming` name of a page's main picture (the hero, the first product cards, the
 * product's first photo: its LCP element). index.html's inline script starts the app's JavaScript
 * on a server-drawn page once the browser reports such a picture painted (Element Timing):
 * the same string is written there (docs/decisions/0021-javascript-after-first-paint.md).
 */
export const MAIN_PICTURE = 'main-picture';

declare module 'react' {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    /** Element Timing (https://wicg.github.io/element-timing/): React passes it to the DOM as is. */
    elementtiming?: string;
  }
}
