/**
 * Renders the generated product artwork (no network):
 *  - every DEMO_PRODUCTS bag → .emulators/artwork/<slug>.png (git-ignored, used by the seed)
 *  - the home-page hero → web/public/hero-bag.webp (committed app asset)
 *
 * Run: npx tsx scripts/make-images.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_PRODUCTS } from './seed/catalog.ts';
import type { BagArt } from './seed/catalog.ts';
import { renderArtwork, sceneSvg } from './seed/artwork.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARTWORK_DIR = path.join(ROOT, '.emulators', 'artwork');
const HERO_FILE = path.join(ROOT, 'web', 'public', 'hero-bag.webp');
const HERO_SIZE = 900;

const HERO_TROLLEY: BagArt = { kind: 'trolley', body: '#1f4e79', accent: '#f2a541', pattern: 'plain' };
const HERO_BACKPACK: BagArt = { kind: 'backpack', body: '#e07a1f', accent: '#264653', pattern: 'plain' };

/** A trolley and a backpack side by side on a transparent background. */
export async function renderHero(): Promise<Buffer> {
  const svg = sceneSvg(
    [
      { art: HERO_TROLLEY, x: -100, y: 70, scale: 0.88 },
      { art: HERO_BACKPACK, x: 345, y: 276, scale: 0.68 },
    ],
    { width: HERO_SIZE, height: HERO_SIZE, background: false },
  );
  return sharp(Buffer.from(svg)).resize(HERO_SIZE, HERO_SIZE).webp({ quality: 80, alphaQuality: 80, effort: 6 }).toBuffer();
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  await mkdir(ARTWORK_DIR, { recursive: true });
  await mkdir(path.dirname(HERO_FILE), { recursive: true });

  let count = 0;
  let total = 0;
  for (const product of DEMO_PRODUCTS) {
    const png = await renderArtwork(product.art);
    await writeFile(path.join(ARTWORK_DIR, `${product.slug}.png`), png);
    count += 1;
    total += png.length;
  }
  console.log(`Wrote ${count} product images to ${path.relative(ROOT, ARTWORK_DIR)}/ (${kb(total)} total, ${kb(total / count)} average)`);

  const hero = await renderHero();
  await writeFile(HERO_FILE, hero);
  console.log(`Wrote hero image ${path.relative(ROOT, HERO_FILE)} (${kb(hero.length)})`);
  console.log(`${count + 1} images, ${kb(total + hero.length)} in all`);
}

await main();
