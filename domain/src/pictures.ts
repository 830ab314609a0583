/**
 * Pictures for the screen (docs/decisions/0030-pictures-for-the-screen.md): every stored
 * picture (`/api/images/{sha256}`, at most 1200 px wide) is also kept in the widths below, and
 * pages ask for them with `srcset`/`sizes`, so a 72 px thumbnail downloads a 160 px picture,
 * not the original. `/api/images/{sha256}/{width}` answers AVIF to a browser that accepts it
 * (where AVIF is smaller), else WebP.
 */

/** The widths kept of every picture, in CSS pixels × density; 1200 is the stored original. */
export const PICTURE_WIDTHS = [160, 400, 800, 1200] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

export const PICTURE_WIDTH_MESSAGE = `Image width must be one of ${PICTURE_WIDTHS.join(', ')}`;

export function isPictureWidth(value: number): value is PictureWidth {
  return (PICTURE_WIDTHS as readonly number[]).includes(value);
}

// A product picture, or a published review's photo (docs/reviews.md "Photos").
const STORED = /^\/api\/images\/(?:review\/[A-Za-z0-9_-]{1,300}\/)?([0-9a-f]{64})$/;

/** `/api/images/{sha256}/{width}` for a stored picture's URL; any other URL (a local preview) as it is. */
export function pictureWidthUrl(url: string, width: PictureWidth): string {
  return STORED.test(url) ? `${url}/${width}` : url;
}

/** The `srcset` of a stored picture's URL, or undefined for any other URL. */
export function pictureSrcSet(url: string): string | undefined {
  if (!STORED.test(url)) return undefined;
  return PICTURE_WIDTHS.map((w) => `${url}/${w} ${w}w`).join(', ');
}

/**
 * The `sizes` of each place a picture appears: how wide it is drawn, so the browser takes the
 * smallest width that is sharp on its screen. `card` and `gallery` are also written in
 * web/index.html (the early preload of a page's LCP picture must choose the same width).
 */
export const PICTURE_SIZES = {
  /** A product card: 1 column, 2 from 48em, 3 (at most ~400 px) from 75em; also the carousel's slides. */
  card: '(min-width: 75em) 400px, (min-width: 48em) 50vw, 100vw',
  /** A card in the home page's carousel (one slide, two from 62em, three from 75em). */
  slide: '(min-width: 75em) 400px, (min-width: 62em) 50vw, 100vw',
  /** The product page's main picture: half the page from 62em, else the screen's width. */
  gallery: '(min-width: 62em) 50vw, 100vw',
  /** The larger view: the screen. */
  lightbox: '100vw',
  /** The home page's category tiles (one column, three from 48em). */
  tile: '(min-width: 48em) 33vw, 100vw',
  /** Thumbnails and list pictures up to 112 px. */
  thumb: '112px',
} as const;
