import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '@bagshop/domain';
import { ImageRejectedError, processProductImage, sniffImageKind } from './process-image.ts';

type Format = 'jpeg' | 'png' | 'webp';

async function makeImage(width: number, height: number, format: Format, background = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

async function rejection(bytes: Uint8Array): Promise<ImageRejectedError> {
  try {
    await processProductImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejectedError) return error;
    throw error;
  }
  throw new Error('expected the image to be rejected');
}

describe('sniffImageKind', () => {
  it('recognises JPEG, PNG and WebP by their magic bytes', async () => {
    expect(sniffImageKind(await makeImage(8, 8, 'jpeg'))).toBe('jpeg');
    expect(sniffImageKind(await makeImage(8, 8, 'png'))).toBe('png');
    expect(sniffImageKind(await makeImage(8, 8, 'webp'))).toBe('webp');
  });

  it('works on a plain Uint8Array', async () => {
    const png = await makeImage(8, 8, 'png');
    expect(sniffImageKind(new Uint8Array(png))).toBe('png');
  });

  it('rejects GIF, text, a RIFF that is not WebP, and too-short input', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    expect(sniffImageKind(gif)).toBeNull();
    expect(sniffImageKind(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffImageKind(Buffer.from('hello, this is not an image'))).toBeNull();
    expect(sniffImageKind(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageKind(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageKind(new Uint8Array([]))).toBeNull();
  });
});

describe('processProductImage', () => {
  it('re-encodes a large PNG to WebP with the longest side at 1200 px', async () => {
    const png = await makeImage(2400, 1600, 'png');
    const out = await processProductImage(png);
    expect(out.contentType).toBe('image/webp');
    expect(sniffImageKind(out.bytes)).toBe('webp');
    expect(out.width).toBe(1200);
    expect(out.height).toBe(800);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(800);
    expect(out.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not enlarge small images', async () => {
    const jpeg = await makeImage(300, 200, 'jpeg');
    const out = await processProductImage(jpeg);
    expect([out.width, out.height]).toEqual([300, 200]);
  });

  it('gives the same sha256 for the same input, and a different one for a different picture', async () => {
    const a = await makeImage(640, 480, 'png', '#cc3333');
    const b = await makeImage(640, 480, 'png', '#33cc33');
    const first = await processProductImage(a);
    const again = await processProductImage(Buffer.from(a));
    const other = await processProductImage(b);
    expect(again.sha256).toBe(first.sha256);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(other.sha256).not.toBe(first.sha256);
  });

  it('rejects an empty file with 400', async () => {
    const error = await rejection(new Uint8Array(0));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Image file is empty');
  });

  it('rejects a file over 5 MB with 413', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const error = await rejection(big);
    expect(error.status).toBe(413);
    expect(error.message).toBe('Image must be 5 MB or smaller');
  });

  it('rejects a GIF or text with 415', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    for (const bytes of [gif, Buffer.from('just some text')]) {
      const error = await rejection(bytes);
      expect(error.status).toBe(415);
      expect(error.message).toBe('Image must be a JPEG, PNG or WebP file');
    }
  });

  it('rejects a corrupt JPEG (valid magic, garbage after) with 415', async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512, 0x42)]);
    const error = await rejection(corrupt);
    expect(error.status).toBe(415);
    expect(error.message).toBe('Image could not be read');
  });

  it('rejects a small file that decodes to more than 50 megapixels with 413', async () => {
    const huge = await sharp({ create: { width: 7200, height: 7000, channels: 3, background: '#eeeeee' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(IMAGE_MAX_BYTES);
    const error = await rejection(huge);
    expect(error.status).toBe(413);
  });

  it('rejects a truncated JPEG with 415', async () => {
    const jpeg = await makeImage(400, 300, 'jpeg');
    const error = await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 3)));
    expect(error.status).toBe(415);
  });
});
