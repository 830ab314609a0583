import { PICTURE_SIZES, pictureSrcSet } from '@bagshop/domain';

export type PicturePlace = keyof typeof PICTURE_SIZES;

export interface PictureAttributes {
  /** None for a product without a picture (an empty `src` would make the browser fetch the page again). */
  src: string | undefined;
  srcSet?: string;
  sizes?: string;
}

/**
 * The `src`, `srcSet` and `sizes` of a stored picture drawn in `place` (or `px` CSS pixels wide),
 * so the browser downloads the smallest width that is sharp there
 * (docs/decisions/0030-pictures-for-the-screen.md). Other URLs (a local preview) get `src` only.
 */
export function pictureAttributes(url: string, place: PicturePlace | number): PictureAttributes {
  const srcSet = pictureSrcSet(url);
  if (!srcSet) return { src: url || undefined };
  return { src: url, srcSet, sizes: typeof place === 'number' ? `${place}px` : PICTURE_SIZES[place] };
}
