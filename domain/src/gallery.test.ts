import { describe, expect, it } from 'vitest';
import { productImagesOf } from './gallery.js';
import { parseSearchText, SEARCH_MESSAGES } from './search-text.js';

describe('productImagesOf', () => {
  it('reads the gallery, or the one image of an older document', () => {
    const a = { url: '/api/images/a', hash: 'a' };
    const b = { url: '/api/images/b', hash: 'b' };
    expect(productImagesOf({ image: a, images: [a, b] })).toEqual([a, b]);
    expect(productImagesOf({ image: a })).toEqual([a]);
    expect(productImagesOf({ image: { url: '', hash: '' } })).toEqual([]);
    expect(productImagesOf({ images: [a, { url: 3 }, null, b] })).toEqual([a, b]);
    expect(productImagesOf({ image: a, images: [] })).toEqual([a]);
  });
});

describe('parseSearchText', () => {
  it('trims and collapses white space; refuses empty, repeated and over 100 characters', () => {
    expect(parseSearchText('  back   pack ')).toEqual({ ok: true, q: 'back pack' });
    expect(parseSearchText('   ')).toEqual({ ok: false, message: SEARCH_MESSAGES.empty });
    expect(parseSearchText(undefined)).toEqual({ ok: false, message: SEARCH_MESSAGES.empty });
    expect(parseSearchText(['a', 'b'])).toEqual({ ok: false, message: SEARCH_MESSAGES.repeated });
    expect(parseSearchText('x'.repeat(100))).toMatchObject({ ok: true });
    expect(parseSearchText('x'.repeat(101))).toEqual({ ok: false, message: SEARCH_MESSAGES.tooLong });
  });
});
