import { describe, expect, it } from 'vitest';
import { isPictureWidth, pictureSrcSet, pictureWidthUrl } from './pictures.js';

const url = `/api/images/${'a'.repeat(64)}`;

describe('pictures for the screen', () => {
  it('lists every kept width of a stored picture in its srcset', () => {
    expect(pictureSrcSet(url)).toBe(`${url}/160 160w, ${url}/400 400w, ${url}/800 800w, ${url}/1200 1200w`);
    expect(pictureWidthUrl(url, 400)).toBe(`${url}/400`);
  });

  it('leaves other URLs alone (a local preview, a static file)', () => {
    expect(pictureSrcSet('blob:http://x/1')).toBeUndefined();
    expect(pictureSrcSet('/hero-bag.webp')).toBeUndefined();
    expect(pictureSrcSet(`${url}/400`)).toBeUndefined();
    expect(pictureWidthUrl('/favicon.svg', 160)).toBe('/favicon.svg');
  });

  it('knows the kept widths only', () => {
    expect(isPictureWidth(400)).toBe(true);
    expect(isPictureWidth(401)).toBe(false);
  });
});
