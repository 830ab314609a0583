import { describe, expect, it } from 'vitest';
import { clip, escapeHtml, jsonForScript, metaTags, staticPageMeta, STATIC_PAGES } from './seo.js';
import { productMeta, shareImageUrl } from './seo-product.js';
import type { Product } from './types.js';

const HASH = 'a'.repeat(64);
const product: Product = {
  _id: 'voyager-cabin',
  name: 'Voyager "Cabin" <Trolley> & Co',
  description: 'Polycarbonate shell. </script><script>alert(1)</script>',
  price: 4999,
  discount: 1850,
  category: 'luggage',
  stock: 0,
  countryOfOrigin: 'India',
  image: { url: `/api/images/${HASH}`, hash: HASH },
  images: [
    { url: `/api/images/${HASH}`, hash: HASH },
    { url: `/api/images/${'b'.repeat(64)}`, hash: 'b'.repeat(64) },
  ],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};
const ORIGIN = 'https://shop.example';

describe('page tags', () => {
  it('escape text and script content', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });

  it('clip cuts at a word with an ellipsis', () => {
    expect(clip('alpha beta gamma delta', 15)).toBe('alpha beta…');
    expect(clip('abcdefghijklmnop', 10)).toBe('abcdefghi…');
    expect(clip('  short  ', 12)).toBe('short');
  });

  it('a product page: title, sale price in the description and price tags, JPEG image, JSON-LD Product + Offer + BreadcrumbList', () => {
    const meta = productMeta(product, ORIGIN, 'Bagshop Retail LLP');
    expect(meta.title).toBe('Voyager "Cabin" <Trolley> & Co · Bagshop');
    expect(meta.description.startsWith('₹3,149 (37% off ₹4,999) · Luggage · Out of stock.')).toBe(true);
    expect(meta.image).toBe(`${ORIGIN}/api/images/${HASH}.jpg`);
    const tags = metaTags(meta);
    expect(tags).toContainEqual({ title: 'Voyager "Cabin" <Trolley> & Co · Bagshop' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${ORIGIN}/product/voyager-cabin` });
    expect(tags).toContainEqual({ property: 'product:price:amount', content: '3149.00' });
    expect(tags).toContainEqual({ property: 'product:price:currency', content: 'INR' });
    expect(tags).toContainEqual({ property: 'og:image:type', content: 'image/jpeg' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    const blocks = tags.flatMap((t) => ('script:ld+json' in t ? [t['script:ld+json'] as Record<string, unknown>] : []));
    expect(blocks.map((b) => b['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(blocks[0]).toMatchObject({
      name: product.name,
      image: [`${ORIGIN}/api/images/${HASH}.jpg`, `${ORIGIN}/api/images/${'b'.repeat(64)}.jpg`],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        price: '3149.00',
        availability: 'https://schema.org/OutOfStock',
        seller: { '@type': 'Organization', name: 'Bagshop Retail LLP' },
      },
    });
    expect((blocks[1] as { itemListElement: { item: string }[] }).itemListElement.map((i) => i.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/luggage`,
      `${ORIGIN}/product/voyager-cabin`,
    ]);
  });

  it('link previews get JPEG or PNG only', () => {
    expect(shareImageUrl(`/api/images/${HASH}`, ORIGIN)).toBe(`${ORIGIN}/api/images/${HASH}.jpg`);
    expect(shareImageUrl('https://cdn.example/x.png', ORIGIN)).toBe('https://cdn.example/x.png');
    expect(shareImageUrl('/x.webp', ORIGIN)).toBeNull();
    const noPicture = productMeta({ ...product, images: [], image: { url: '', hash: '' } }, ORIGIN, 'Bagshop');
    expect(noPicture.image).toBe(`${ORIGIN}/og/home.jpg`);
  });

  it('a category page: its canonical URL and its own share picture', () => {
    const tags = metaTags(staticPageMeta(STATIC_PAGES[1], ORIGIN));
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${ORIGIN}/luggage` });
    expect(tags).toContainEqual({ property: 'og:image', content: `${ORIGIN}/og/luggage.jpg` });
  });
});

describe('productMeta for a product with variants', () => {
  const navy = { url: `/api/images/${'b'.repeat(64)}`, hash: 'b'.repeat(64) };
  const withVariants: Product = {
    ...product,
    images: [product.image, navy],
    options: [
      { name: 'Size', values: ['Cabin', 'Large'] },
      { name: 'Colour', values: ['Navy'] },
    ],
    variants: [
      {
        _id: 'v1',
        sku: 'VOY-CAB-NVY',
        options: { Size: 'Cabin', Colour: 'Navy' },
        price: 7999,
        discount: 1000,
        stock: 3,
        images: [navy],
        dimensionsCm: { length: 38, width: 22, height: 55 },
      },
      { _id: 'v2', sku: 'VOY-LRG-NVY', options: { Size: 'Large', Colour: 'Navy' }, price: 9999, discount: 0, stock: 0, images: [] },
    ],
  };

  it('is a ProductGroup varying by size and colour, one Product per variant with its SKU, offer, colour and size', () => {
    const [group] = productMeta(withVariants, ORIGIN, 'Bagshop').jsonLd as Record<string, unknown>[];
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: product._id,
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    });
    const variants = (group as { hasVariant: Record<string, unknown>[] }).hasVariant;
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatchObject({
      '@type': 'Product',
      sku: 'VOY-CAB-NVY',
      color: 'Navy',
      size: 'Cabin (55 cm)',
      offers: { price: '6999.00', availability: 'https://schema.org/InStock' },
    });
    expect(variants[1]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('with ?variant= the page’s price and picture are the variant’s', () => {
    const meta = productMeta(withVariants, ORIGIN, 'Bagshop', 'v1');
    expect(meta.price).toBe(6999);
    expect(meta.image).toContain('b'.repeat(64));
    expect(productMeta(withVariants, ORIGIN, 'Bagshop', 'nope').price).toBe(productMeta(withVariants, ORIGIN, 'Bagshop').price);
  });
});
