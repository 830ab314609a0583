import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PICTURE_WIDTHS } from '@bagshop/domain';
import { makeRenditions } from './renditions.ts';

/** A photo-like picture (noise compresses like a photo does, unlike a flat colour). */
async function photo(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919 + ((i / 3) | 0) * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(2)
    .webp({ quality: 80 })
    .toBuffer();
}

describe('makeRenditions', () => {
  it('makes every width, each no wider than asked, smaller in bytes as it narrows', async () => {
    const original = await photo(1000, 750);
    const list = await makeRenditions(original);
    expect(list.map((r) => r.label)).toEqual([...PICTURE_WIDTHS]);
    const [w160, w400, w800, w1200] = list;
    for (const r of [w160, w400, w800]) {
      expect(r?.webp).not.toBeNull();
      const meta = await sharp(r?.webp ?? Buffer.alloc(0)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(r?.label);
      expect([r?.width, r?.height]).toEqual([r?.label, Math.round(((r?.label ?? 0) * 750) / 1000)]);
    }
    expect((w160?.webp?.byteLength ?? 0) < (w400?.webp?.byteLength ?? 0)).toBe(true);
    expect((w400?.webp?.byteLength ?? 0) < original.byteLength / 3).toBe(true);
    // 1200 is wider than the original: the original itself is that width's WebP.
    expect(w1200?.webp).toBeNull();
    expect([w1200?.width, w1200?.height]).toEqual([1000, 750]);
  });

  it('keeps an AVIF only where it is smaller than the WebP, and it is an AVIF', async () => {
    const list = await makeRenditions(await photo(900, 900));
    expect(list.some((r) => r.avif)).toBe(true);
    for (const r of list) {
      if (!r.avif) continue;
      expect(r.avif.byteLength).toBeLessThan(r.webp?.byteLength ?? Infinity);
      expect((await sharp(r.avif).metadata()).format).toBe('heif');
    }
  });

  it('never enlarges a small picture: every width at or above it is the original', async () => {
    const list = await makeRenditions(await photo(300, 200));
    expect(list[0]?.webp).not.toBeNull();
    for (const r of list.slice(1)) {
      expect(r.webp).toBeNull();
      expect([r.width, r.height]).toEqual([300, 200]);
    }
  });
});
