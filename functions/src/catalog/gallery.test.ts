import { describe, expect, it } from 'vitest';
import { DUPLICATE_IMAGE, IMAGE_ORDER_MESSAGES, parseImageOrder, planGallery } from './gallery.js';
import type { ProcessedImage } from '../images/process-image.js';

const h = (c: string) => c.repeat(64);
const ref = (c: string) => ({ url: `/api/images/${h(c)}`, hash: h(c) });
const upload = (c: string): ProcessedImage => ({
  bytes: Buffer.from(c),
  sha256: h(c),
  contentType: 'image/webp',
  width: 1,
  height: 1,
  renditions: [],
});
const hashes = (pictures: { ref: { hash: string } }[]) => pictures.map((p) => p.ref.hash[0]).join('');

describe('parseImageOrder', () => {
  it('reads hashes and uploads; absent means no order, blank means no pictures', () => {
    expect(parseImageOrder(undefined, 2)).toBeNull();
    expect(parseImageOrder('', 0)).toEqual([]);
    expect(parseImageOrder(` new:1 , ${h('a')},new:0`, 2)).toEqual([{ upload: 1 }, { existing: h('a') }, { upload: 0 }]);
  });

  it.each([
    ['junk', 0, 400, IMAGE_ORDER_MESSAGES.invalid],
    [`new:0,new:0`, 1, 400, IMAGE_ORDER_MESSAGES.invalid],
    ['new:1', 1, 400, IMAGE_ORDER_MESSAGES.unplaced],
    ['new:0', 2, 400, IMAGE_ORDER_MESSAGES.unplaced],
    [['a', 'b', 'c', 'd', 'e', 'f', '0'].map(h).join(','), 0, 400, 'A product can have at most 6 images'],
  ] as const)('refuses %s with %i uploads', (raw, uploads, status, message) => {
    expect(() => parseImageOrder(raw, uploads)).toThrow(expect.objectContaining({ status, message }));
  });
});

describe('planGallery', () => {
  const current = [ref('a'), ref('b'), ref('c')];

  it('adds uploads after the current pictures when no order is given', () => {
    expect(hashes(planGallery(current, { uploads: [upload('d')], order: null, replaceFirst: false }))).toBe('abcd');
  });

  it('follows the order: moves, removes and places uploads', () => {
    const plan = planGallery(current, {
      uploads: [upload('d')],
      order: [{ existing: h('c') }, { upload: 0 }, { existing: h('a') }],
      replaceFirst: false,
    });
    expect(hashes(plan)).toBe('cda');
    expect(plan[1]?.upload?.sha256).toBe(h('d'));
    expect(plan[0]?.upload).toBeNull();
  });

  it('the legacy single image replaces the first picture', () => {
    expect(hashes(planGallery(current, { uploads: [upload('z')], order: null, replaceFirst: true }))).toBe('zbc');
  });

  it('refuses a seventh picture, a picture the product does not have, and the same picture twice', () => {
    const four = [ref('a'), ref('b'), ref('c'), ref('d')];
    expect(() => planGallery(four, { uploads: ['e', 'f', 'g'].map(upload), order: null, replaceFirst: false })).toThrow(
      expect.objectContaining({ status: 400, message: 'A product can have at most 6 images' }),
    );
    expect(() => planGallery(current, { uploads: [], order: [{ existing: h('x') }], replaceFirst: false })).toThrow(
      expect.objectContaining({ status: 400, message: IMAGE_ORDER_MESSAGES.unknown }),
    );
    expect(() => planGallery(current, { uploads: [upload('a')], order: null, replaceFirst: false })).toThrow(
      expect.objectContaining({ status: 409, message: DUPLICATE_IMAGE }),
    );
  });
});
