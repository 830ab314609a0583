import { describe, expect, it } from 'vitest';
import { pictureWidthFromData, pictureWidthToData } from './picture-width.js';

describe('picture width codec', () => {
  it('round-trips a width with both formats', () => {
    const value = { width: 400, height: 300, webp: new Uint8Array([1, 2]), avif: new Uint8Array([3]) };
    expect(pictureWidthFromData('w', pictureWidthToData(value))).toEqual(value);
  });

  it('leaves out the formats that are not kept, and reads them back as null', () => {
    const data = pictureWidthToData({ width: 1000, height: 1000, webp: null, avif: null });
    expect(data).toEqual({ width: 1000, height: 1000 });
    expect(pictureWidthFromData('w', data)).toEqual({ width: 1000, height: 1000, webp: null, avif: null });
  });
});
