// Converted components draw their texts from the catalogues (docs/i18n.md): this fails when a
// word is written straight into their JSX (text between tags, or a text attribute people read).
// Its scope is the list below; docs/i18n.md lists what is still to convert.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CONVERTED = [
  'src/app/layouts/shop-layout.tsx',
  'src/app/layouts/mobile-menu.tsx',
  'src/app/layouts/footer.tsx',
  'src/app/layouts/language-switch.tsx',
  'src/features/catalog/components/search-box.tsx',
  'src/features/catalog/components/hero.tsx',
  'src/features/catalog/components/home-page.tsx',
  'src/features/catalog/components/home-sections.tsx',
];

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../..');

// Words that are no text to translate: the brand.
const ALLOWED = new Set(['Bagshop']);

/** Literal words in JSX: text between tags, and string values of attributes read aloud or shown. */
function hardCodedTexts(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of code.matchAll(/>([^<>{}]*[\p{L}][^<>{}]*)</gu)) {
    const text = (m[1] ?? '').trim();
    // `a > b` comparisons and generics are not JSX text: skip lines that look like code.
    if (text && !/[=;()]|=>|&&|\|\|/.test(text) && !ALLOWED.has(text)) found.push(text);
  }
  for (const m of code.matchAll(/\b(aria-label|title|placeholder|alt|label)="([^"]*\p{L}[^"]*)"/gu)) found.push(`${m[1]}="${m[2]}"`);
  return found;
}

describe('no hard-coded text in converted components', () => {
  for (const file of CONVERTED)
    it(file, () => {
      expect(hardCodedTexts(readFileSync(join(WEB, file), 'utf8'))).toEqual([]);
    });

  it('finds text when it is there', () => {
    expect(hardCodedTexts('<Text>Shop Now</Text>')).toEqual(['Shop Now']);
    expect(hardCodedTexts('<a aria-label="Open menu" />')).toEqual(['aria-label="Open menu"']);
    expect(hardCodedTexts("<Text>{t('home.shopNow')}</Text>")).toEqual([]);
    expect(hardCodedTexts('<span>Bagshop</span>')).toEqual([]);
  });
});
