import { describe, expect, it } from 'vitest';
import { ENTRY_META, prerenderedHtml } from './prerendered-html.js';

// A built index.html as Vite writes it (web/index.html after the build), cut down to what
// prerenderedHtml touches.
const BUILT = [
  '<html><head>',
  '<script type="application/json" id="bagshop-screen-files">',
  JSON.stringify({
    category: ['/assets/category-page-a.js', '/assets/catalog-ui-b.js', '/assets/full-styles-c.css', '/assets/category-page-d.css'],
    product: ['/assets/product-page-e.js'],
  }),
  '</script>',
  '<script>/* inline */</script>',
  '<script type="module" crossorigin src="/assets/index-f.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/shared-g.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-h.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const afterPaint = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="bagshop-screen-files" data-drawn>([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as unknown;

describe('prerenderedHtml (docs/decisions/0021-javascript-after-first-paint.md)', () => {
  const html = prerenderedHtml(BUILT, '<main><h1>Luggage</h1></main>', {
    screen: 'category',
    data: { 'products/category/luggage': [] },
    lazy: ['category'],
  });

  it('names the entry instead of loading it, and loads no script or module before the first paint', () => {
    expect(html).toContain(`<meta name="${ENTRY_META}" content="/assets/index-f.js">`);
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
  });

  it('lists for after the first paint the entry’s preloads, the screen’s chunks and Mantine’s whole stylesheet', () => {
    expect(afterPaint(html)).toEqual([
      '/assets/shared-g.js',
      '/assets/category-page-a.js',
      '/assets/catalog-ui-b.js',
      '/assets/full-styles-c.css',
    ]);
  });

  it('links the screen’s own stylesheets in the head, the markup needs them to paint', () => {
    expect(head(html)).toContain('<link rel="stylesheet" href="/assets/category-page-d.css">');
    expect(head(html)).toContain('<link rel="stylesheet" crossorigin href="/assets/index-h.css">');
    expect(head(html)).not.toMatch(/<link rel="stylesheet"[^>]*full-styles/);
  });

  it('puts the markup, the data block and the lazy screens into #root', () => {
    expect(html).toContain('<script type="application/json" id="bagshop-data">{"products/category/luggage":[]}</script>');
    expect(html).toContain('<div id="root" data-lazy="category"><main><h1>Luggage</h1></main></div>');
  });

  it('a page without a lazy screen (the home page) lists only the entry’s preloads', () => {
    const home = prerenderedHtml(BUILT, '<main>Home</main>');
    expect(afterPaint(home)).toEqual(['/assets/shared-g.js']);
    expect(head(home)).not.toContain('category-page-d.css');
  });

  it('refuses a page without the screen-files block: its entry would be named and never run', () => {
    const bare = BUILT.replace(/<script type="application\/json" id="bagshop-screen-files">[^<]*<\/script>/, '');
    expect(() => prerenderedHtml(bare, '<main>Home</main>')).toThrow(/no screen-files block/);
  });

  it('refuses markup that holds a script (the CSP would block it)', () => {
    expect(() => prerenderedHtml(BUILT, '<script>x()</script>')).toThrow(/holds a <script>/);
  });
});
