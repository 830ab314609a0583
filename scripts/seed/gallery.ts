/**
 * The demo gallery: three generated views of every demo bag (front, side, open), stored the
 * way the API stores uploads. Rendering 81 pictures takes a while on a busy machine, so the
 * processed WebP of each drawing is kept in .emulators/artwork-cache, keyed by a hash of the
 * drawing (SVG) and the image pipeline's settings: the same drawing gives the same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_SIDE, processProductImage, type ProcessedImage } from '../../functions/src/services/images/process-image.ts';
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
    return {
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      contentType: 'image/webp',
      width: meta.width ?? 0,
      height: meta.height ?? 0,
    };
  } catch {
    const image = await processProductImage(await renderArtwork(art, view));
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(file, image.bytes);
    return image;
  }
}

/** Each bag's pictures, front first. */
export function galleryImages(arts: readonly BagArt[]): Promise<ProcessedImage[][]> {
  return Promise.all(arts.map((art) => Promise.all(BAG_VIEWS.map((view) => viewImage(art, view)))));
}
