import { PICTURE_SIZES } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { pictureAttributes } from './picture';

const url = `/api/images/${'b'.repeat(64)}`;

describe('pictureAttributes', () => {
  it('gives a stored picture every width and the sizes of its place', () => {
    expect(pictureAttributes(url, 'card')).toEqual({
      src: url,
      srcSet: `${url}/160 160w, ${url}/400 400w, ${url}/800 800w, ${url}/1200 1200w`,
      sizes: PICTURE_SIZES.card,
    });
    expect(pictureAttributes(url, 72).sizes).toBe('72px');
  });

  it('leaves a local preview or a static file as it is', () => {
    expect(pictureAttributes('blob:http://127.0.0.1/x', 'thumb')).toEqual({ src: 'blob:http://127.0.0.1/x' });
    // No picture: no src at all (an empty src would make the browser fetch the page again).
    expect(pictureAttributes('', 56)).toEqual({ src: undefined });
  });
});
