/**
 * Renders the generated product artwork (no network):
 *  - every DEMO_PRODUCTS bag → .emulators/artwork/<slug>.png (git-ignored, used by the seed)
 *  - the home-page hero → web/public/hero-bag.webp (committed app asset)
 *  - the link-preview pictures of /, /luggage, /backpacks, /duffles → web/public/og/*.jpg
 *    (1200 × 630 JPEG, committed; docs/search-and-seo.md)
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

const OG_DIR = path.join(ROOT, 'web', 'public', 'og');
const OG = { width: 1200, height: 630 };

/** A 1200 × 630 picture of a few bags side by side on a soft gradient (no text). */
export async function renderShareImage(arts: BagArt[], tint: { from: string; to: string }): Promise<Buffer> {
  const size = 520;
  const bags = await Promise.all(
    arts.map((art) =>
      sharp(Buffer.from(sceneSvg([{ art }], { width: size, height: size, background: false })))
        .png()
        .toBuffer(),
    ),
  );
  const step = arts.length > 1 ? (OG.width - size - 40) / (arts.length - 1) : 0;
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG.width}" height="${OG.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint.from}"/><stop offset="1" stop-color="${tint.to}"/></linearGradient></defs>
  <rect width="${OG.width}" height="${OG.height}" fill="url(#g)"/>
  <circle cx="600" cy="360" r="300" fill="#ffffff" fill-opacity="0.4"/>
</svg>`;
  return sharp(Buffer.from(backdrop))
    .composite(bags.map((input, i) => ({ input, left: Math.round(20 + i * step), top: OG.height - size - 20 })))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

const byCategory = (category: string, n: number) =>
  DEMO_PRODUCTS.filter((p) => p.category === category)
    .slice(0, n)
    .map((p) => p.art);

const SHARE_IMAGES: Record<string, { arts: BagArt[]; tint: { from: string; to: string } }> = {
  home: {
    arts: [HERO_TROLLEY, byCategory('backpacks', 1)[0] ?? HERO_BACKPACK, byCategory('duffles', 1)[0] ?? HERO_BACKPACK],
    tint: { from: '#e7f0fa', to: '#fdf1e3' },
  },
  luggage: { arts: byCategory('luggage', 3), tint: { from: '#e3ecf6', to: '#f6efe4' } },
  backpacks: { arts: byCategory('backpacks', 3), tint: { from: '#e8f3ec', to: '#fbf0e4' } },
  duffles: { arts: byCategory('duffles', 3), tint: { from: '#f3ede4', to: '#e6eef5' } },
};

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
  await mkdir(OG_DIR, { recursive: true });
  for (const [name, { arts, tint }] of Object.entries(SHARE_IMAGES)) {
    const jpeg = await renderShareImage(arts, tint);
    await writeFile(path.join(OG_DIR, `${name}.jpg`), jpeg);
    console.log(`Wrote link-preview image ${path.relative(ROOT, path.join(OG_DIR, `${name}.jpg`))} (${kb(jpeg.length)})`);
  }
  console.log(`${count + 1} images, ${kb(total + hero.length)} in all`);
}

await main();
