/**
 * The demo gallery: three generated views of every demo bag (front, side, open), stored the
 * way the API stores uploads. Rendering 81 pictures takes a while on a busy machine, so the
 * processed WebP of each drawing is kept in .emulators/artwork-cache, keyed by a hash of the
 * drawing (SVG) and the image pipeline's settings: the same drawing gives the same bytes. Its
 * widths for the screen (decision 0030) are kept beside it, keyed by the stored bytes' hash.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { PICTURE_WIDTHS } from '@bagshop/domain';
import { MAX_IMAGE_SIDE, processProductImage, type ProcessedImage } from '../../functions/src/images/process-image.ts';
import { makeRenditions, RENDITION_SETTINGS, type Rendition } from '../../functions/src/images/renditions.ts';
import { ROOT } from '../lib/env.ts';
import { BAG_VIEWS, bagSvg, renderArtwork } from './artwork.ts';
import type { BagArt } from './catalog.ts';

const CACHE_DIR = resolve(ROOT, '.emulators/artwork-cache');

async function viewImage(art: BagArt, view: (typeof BAG_VIEWS)[number]): Promise<ProcessedImage> {
  const key = createHash('sha256')
    .update(`${bagSvg(art, {}, view)}|${MAX_IMAGE_SIDE}|webp80|sharp${sharp.versions.sharp}`)
    .digest('hex');
  const file = resolve(CACHE_DIR, `${key}.webp`);
  try {
    const bytes = readFileSync(file);
    const meta = await sharp(bytes).metadata();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return {
      bytes,
      sha256,
      contentType: 'image/webp',
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      renditions: await cachedRenditions(sha256, bytes),
    };
  } catch {
    const image = await processProductImage(await renderArtwork(art, view));
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(file, image.bytes);
    writeFileSync(renditionsFile(image.sha256), JSON.stringify(image.renditions.map(toJson)));
    return image;
  }
}

const renditionsFile = (sha256: string) =>
  resolve(
    CACHE_DIR,
    `${createHash('sha256')
      .update(`${sha256}|${PICTURE_WIDTHS.join(',')}|${JSON.stringify(RENDITION_SETTINGS)}|sharp${sharp.versions.sharp}`)
      .digest('hex')}.widths.json`,
  );

interface RenditionJson {
  label: Rendition['label'];
  width: number;
  height: number;
  webp: string | null;
  avif: string | null;
}

const toJson = (r: Rendition): RenditionJson => ({
  ...r,
  webp: r.webp?.toString('base64') ?? null,
  avif: r.avif?.toString('base64') ?? null,
});

async function cachedRenditions(sha256: string, bytes: Buffer): Promise<Rendition[]> {
  const file = renditionsFile(sha256);
  try {
    const list = JSON.parse(readFileSync(file, 'utf8')) as RenditionJson[];
    return list.map((r) => ({
      ...r,
      webp: r.webp === null ? null : Buffer.from(r.webp, 'base64'),
      avif: r.avif === null ? null : Buffer.from(r.avif, 'base64'),
    }));
  } catch {
    const renditions = await makeRenditions(bytes);
    writeFileSync(file, JSON.stringify(renditions.map(toJson)));
    return renditions;
  }
}

/** Each bag's pictures, front first. */
export function galleryImages(arts: readonly BagArt[]): Promise<ProcessedImage[][]> {
  return Promise.all(arts.map((art) => Promise.all(BAG_VIEWS.map((view) => viewImage(art, view)))));
}
