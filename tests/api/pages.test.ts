// Pages that explain themselves before JavaScript runs (docs/search-and-seo.md), fetched as a
// link-preview bot or a crawler does (no browser): every public page is drawn by the function
// through React Router's request handler (docs/decisions/0034-react-router-framework-mode.md),
// with its tags, its markup and the framework's scripts (each with the response's CSP nonce);
// the sitemap and robots.txt; and a real 404 for unknown ids.
import { CASH_ON_DELIVERY, CHARGEBACK_TIMELINES, formatINR, PAYMENT_FEES, PAYMENT_PROVIDER_FACTS, REFUND_TIMELINES } from '@bagshop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/api';
import type { ProductJson } from '../support/commerce';
import { hostingUrl } from '../support/emulators';

const SELLER = {
  legalName: 'Bagshop Retail LLP',
  address: {
    line1: 'Unit 12, Kamala Mills Compound',
    line2: 'Senapati Bapat Marg, Lower Parel',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400013',
  },
  gstin: '27AAPFB1234C1ZU',
  invoicePrefix: 'BS',
  email: 'support@bagshop.test',
  phone: '+91 22 4000 1234',
};

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

async function page(path: string): Promise<Page> {
  const res = await fetch(`${await hostingUrl()}${path}`, { headers: { 'User-Agent': 'WhatsApp/2.23.20.0' } });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"\\s*/>`);
  const m = re.exec(html);
  return m ? decode(m[1] ?? '') : undefined;
}
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"\s*\/>/.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );

async function expectJpeg(url: string | undefined) {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.jpg$/);
  const res = await fetch(url as string);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
}

const rootOf = (html: string) => html.slice(html.indexOf('<body'));
/** The names on the product cards of a page's markup, in order. */
const cards = (html: string) =>
  [...rootOf(html).matchAll(/<article\b[\s\S]*?<h[23][^>]*><a[^>]*>([^<]*)<\/a><\/h[23]>/g)].map((m) => decode(m[1] ?? ''));
/**
 * The page is the framework's: its entry is a module script, and every script that runs carries
 * the nonce of the response's own Content-Security-Policy (no 'unsafe-inline', no hashes).
 */
function expectFrameworkPage(res: Page) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(/script-src[^;]*'unsafe-inline'/.test(csp), csp).toBe(false);
  const scripts = [...res.html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) expect(attrs, attrs).toContain(`nonce="${nonce}"`);
  expect(res.html).toMatch(/<script nonce="[^"]+" type="module"/);
  expect(res.html).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[^"]+\.js"/);
  // The old plumbing is gone (decisions 0020 and 0021, superseded).
  expect(res.html).not.toContain('data-lazy');
  expect(res.html).not.toContain('bagshop-data');
  expect(res.html).not.toContain('bagshop-entry');
}
async function apiList(path: string): Promise<ProductJson[]> {
  const res = await fetch(`${await hostingUrl()}${path}`);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: ProductJson[] }).data;
}

describe('pages with their own tags', () => {
  let origin: string;
  let products: ProductJson[];

  beforeAll(async () => {
    origin = await hostingUrl();
    // The seller settings document other parts of the shop keep (issue 12 owns it); same values as their demo data.
    await admin()
      .db.doc('settings/seller')
      .set({ ...SELLER, updatedAt: new Date() }, { merge: true });
    products = ((await (await fetch(`${origin}/api/products`)).json()) as { data: ProductJson[] }).data;
  });

  it('a product page: title, description with the sale price, canonical, Open Graph, Twitter and JSON-LD that parses', async () => {
    const product = products.find((p) => p._id === 'voyager-hardshell-cabin-trolley-55-cm') as ProductJson;
    const sale = product.price - product.discount;
    const res = await page(`/product/${product._id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toContain('s-maxage=300');
    expect(title(res.html)).toBe(`${product.name} · Bagshop`);
    expect(canonical(res.html)).toBe(`${origin}/product/${product._id}`);
    expect(meta(res.html, 'description')).toContain(formatINR(sale));
    expect(meta(res.html, 'og:title')).toBe(product.name);
    expect(meta(res.html, 'og:type')).toBe('product');
    expect(meta(res.html, 'og:url')).toBe(`${origin}/product/${product._id}`);
    expect(meta(res.html, 'og:description')).toMatch(
      new RegExp(`^${formatINR(sale)} \\(37% off ${formatINR(product.price)}\\) · Luggage · In stock\\.`),
    );
    expect(meta(res.html, 'product:price:amount')).toBe(`${sale}.00`);
    expect(meta(res.html, 'product:price:currency')).toBe('INR');
    expect(meta(res.html, 'og:image')).toBe(`${origin}${product.image.url}.jpg`);
    await expectJpeg(meta(res.html, 'og:image'));
    expect(meta(res.html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(res.html, 'twitter:image')).toBe(meta(res.html, 'og:image'));

    const [ld, crumbs] = jsonLd(res.html);
    // The Voyager comes in sizes and colours (issue 23): a ProductGroup whose variants carry the offers.
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      productGroupID: product._id,
      name: product.name,
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    });
    const variants = ld?.hasVariant as { sku: string; offers: { price: string; availability: string; seller: unknown } }[];
    expect(variants.length).toBe(product.variants.length);
    // The "from" price is the lowest sale price among the variants, and a variant sells at it.
    expect(variants.map((v) => v.offers.price)).toContain(`${sale}.00`);
    expect(variants[0]).toMatchObject({
      '@type': 'Product',
      sku: product.variants[0]?.sku,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        seller: { '@type': 'Organization', name: 'Bagshop Retail LLP' },
      },
    });
    expect(variants.some((v) => v.offers.availability === 'https://schema.org/InStock')).toBe(true);
    expect((ld?.image as string[]).length).toBe(3);
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${origin}/` },
        { position: 2, name: 'Luggage', item: `${origin}/luggage` },
        { position: 3, name: product.name, item: `${origin}/product/${product._id}` },
      ],
    });
    // Drawn by the function with the page: the product's markup, its price, the seller line in the footer.
    const root = rootOf(res.html);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
    expect(root).toContain(formatINR(sale));
    expect(root).toContain(SELLER.gstin);
    expectFrameworkPage(res);
    // With its widths for the screen (decision 0030): 800 px is what a 1280 px screen takes.
    expect(root).toMatch(
      /<img src="\/api\/images\/[0-9a-f]{64}" srcSet="[^"]*\/800 800w[^"]*" sizes="\(min-width: 62em\) 50vw, 100vw" alt="[^"]*picture 1 of \d+"[^>]*fetchPriority="high"/,
    );
  });

  it('a sold-out product says so in its offer', async () => {
    const res = await page('/product/skyline-expandable-soft-trolley-69-cm');
    expect(res.status).toBe(200);
    const variants = jsonLd(res.html)[0]?.hasVariant as { offers: { availability: string } }[];
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) expect(v.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(meta(res.html, 'og:description')).toContain('Out of stock.');
  });

  it('an unknown product id answers a real 404 with the 404 page drawn in it, not indexed', async () => {
    for (const id of ['no-such-bag', 'x'.repeat(200), '__bad__']) {
      const res = await page(`/product/${id}`);
      expect(res.status, id).toBe(404);
      expect(title(res.html)).toBe('Page Not Found · Bagshop');
      expect(meta(res.html, 'robots')).toBe('noindex');
      expect(canonical(res.html)).toBeUndefined();
      expect(rootOf(res.html)).toContain('Page Not Found');
    }
    const other = await page('/no/such/page');
    expect(other.status).toBe(404);
    expect(title(other.html)).toBe('Page Not Found · Bagshop');
    expect(meta(other.html, 'robots')).toBe('noindex');
  });

  it.each([
    ['/', 'Bagshop — Luggage, Backpacks & Duffles', '/og/home.jpg'],
    ['/luggage', 'Luggage Bags · Bagshop', '/og/luggage.jpg'],
    ['/backpacks', 'Backpacks · Bagshop', '/og/backpacks.jpg'],
    ['/duffles', 'Duffles · Bagshop', '/og/duffles.jpg'],
  ])('%s carries its own tags', async (path, expectedTitle, image) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(title(res.html)).toBe(expectedTitle);
    expect(canonical(res.html)).toBe(`${origin}${path}`);
    expect(meta(res.html, 'description')?.length).toBeGreaterThan(50);
    expect(meta(res.html, 'og:url')).toBe(`${origin}${path}`);
    expect(meta(res.html, 'og:image')).toBe(`${origin}${image}`);
    expect(meta(res.html, 'og:image:width')).toBe('1200');
    await expectJpeg(meta(res.html, 'og:image'));
    expect(meta(res.html, 'twitter:card')).toBe('summary_large_image');
  });

  // Category and search pages are drawn per request with their products
  // (docs/decisions/0034-react-router-framework-mode.md): the cards are in the HTML, in the order
  // the URL asks for; the filters are a GET form of the page's own URL.
  it('/luggage arrives with the cards of every luggage product, its filters form and the seller line', async () => {
    const listed = await apiList('/api/products/category/luggage');
    expect(listed.length).toBeGreaterThanOrEqual(5);
    const res = await page('/luggage');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    expect(title(res.html)).toBe('Luggage Bags · Bagshop');
    expect(canonical(res.html)).toBe(`${origin}/luggage`);
    expect(cards(res.html)).toEqual(listed.map((p) => p.name));
    expect(rootOf(res.html)).toMatch(/<h1[^>]*>Luggage Bags<\/h1>/);
    const filters = (rootOf(res.html).match(/<form [^>]*action="\/luggage"[^>]*>/) ?? [''])[0];
    expect(filters).toMatch(/method="get"/);
    expect(rootOf(res.html)).toMatch(/<input[^>]*name="inStock"[^>]*value="true"/);
    expect(rootOf(res.html)).toContain(SELLER.gstin);
    expectFrameworkPage(res);
    // The first cards' pictures are the page's main pictures.
    expect(rootOf(res.html)).toMatch(/<img [^>]*fetchPriority="high"/);
  });

  it('a page and an API answer leave compressed when the browser accepts it, and plain when it does not', async () => {
    const base = await hostingUrl();
    for (const [path, type] of [
      ['/luggage', /^text\/html/],
      ['/api/products/category/luggage', /^application\/json/],
    ] as const) {
      for (const encoding of ['gzip', 'br']) {
        const res = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': encoding } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-encoding'), `${path} ${encoding}`).toBe(encoding);
        expect(res.headers.get('vary'), path).toMatch(/Accept-Encoding/i);
        expect(res.headers.get('content-type'), path).toMatch(type);
        expect(await res.text(), path).toContain('Voyager Hardshell Cabin Trolley');
      }
      const plain = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      expect(await plain.text(), path).toContain('Voyager Hardshell Cabin Trolley');
    }
  });

  it('/luggage?sort=price_asc draws the cards in the order that sort gives, as the API does', async () => {
    const sorted = await apiList('/api/products/category/luggage?sort=price_asc');
    const featured = await apiList('/api/products/category/luggage');
    expect(sorted.map((p) => p._id)).not.toEqual(featured.map((p) => p._id));
    const res = await page('/luggage?sort=price_asc');
    expect(res.status).toBe(200);
    expect(cards(res.html)).toEqual(sorted.map((p) => p.name));
    // The filters form shows the URL's sort.
    expect(rootOf(res.html)).toMatch(/<option value="price_asc" selected="">/);
  });

  it('/backpacks and /duffles arrive with their own cards', async () => {
    for (const category of ['backpacks', 'duffles']) {
      const listed = await apiList(`/api/products/category/${category}`);
      const res = await page(`/${category}`);
      expect(res.status, category).toBe(200);
      expect(cards(res.html), category).toEqual(listed.map((p) => p.name));
    }
  });

  it('/search?q=trolley arrives with the matching products drawn, its own title, noindex and no canonical URL', async () => {
    const found = await apiList('/api/products/search?q=trolley');
    expect(found.length).toBeGreaterThan(0);
    const res = await page('/search?q=trolley');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('s-maxage=300');
    expect(title(res.html)).toBe('‘trolley’ · Search · Bagshop');
    expect(meta(res.html, 'robots')).toBe('noindex');
    expect(canonical(res.html)).toBeUndefined();
    // React separates adjacent text nodes with empty comments.
    expect(rootOf(res.html).replace(/<!-- -->/g, '')).toContain('Results for ‘trolley’');
    expect(cards(res.html)).toEqual(found.map((p) => p.name));
    // The search box is a GET form to /search holding the query.
    expect(rootOf(res.html)).toMatch(/<form[^>]*action="\/search"[^>]*method="get"|<form[^>]*method="get"[^>]*action="\/search"/);
    expectFrameworkPage(res);
  });

  it('/search without a usable q is the page that asks for one, without data', async () => {
    for (const path of ['/search', '/search?q=', '/search?q=%20%20']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(rootOf(res.html), path).toContain('Type at least two letters');
      expect(cards(res.html), path).toEqual([]);
    }
  });

  it('robots.txt still keeps crawlers off /search', async () => {
    expect(await (await fetch(`${origin}/robots.txt`)).text()).toContain('Disallow: /search');
  });

  it('the policy pages are drawn with their text, their title, the site’s link preview and no canonical URL', async () => {
    const res = await page('/shipping');
    expect(res.status).toBe(200);
    expect(title(res.html)).toBe('Shipping & Delivery · Bagshop');
    expect(canonical(res.html)).toBeUndefined();
    expect(meta(res.html, 'og:image')).toBe(`${origin}/og/home.jpg`);
    expect(rootOf(res.html)).toMatch(/<h1[^>]*>Shipping &amp; Delivery<\/h1>|<h1[^>]*>Shipping & Delivery<\/h1>/);
    expectFrameworkPage(res);
  });

  it('/payments is drawn from the configured provider: methods, no fees, card data, refund and chargeback timelines, who to contact; the footer links it', async () => {
    const res = await page('/payments');
    expect(res.status).toBe(200);
    expect(title(res.html)).toBe('Payments · Bagshop');
    const root = decode(rootOf(res.html));
    for (const method of PAYMENT_PROVIDER_FACTS.stripe.methods) expect(root).toContain(method);
    expect(root).toContain(CASH_ON_DELIVERY);
    expect(root).toContain(PAYMENT_FEES);
    expect(root).toContain('never reach Bagshop');
    for (const line of [...REFUND_TIMELINES, ...CHARGEBACK_TIMELINES].map((l) => l.split('’')[0] ?? l)) expect(root).toContain(line);
    expect(root).toContain(PAYMENT_PROVIDER_FACTS.stripe.contact.url);
    expect(root).not.toContain(PAYMENT_PROVIDER_FACTS.razorpay.name);
    expect((await page('/')).html).toMatch(/<a[^>]*href="\/payments"[^>]*>Payments<\/a>/);
    expectFrameworkPage(res);
  });

  it('the seller pages carry the seller’s details in the HTML (the root loader’s), not a placeholder filled in by the browser', async () => {
    // React separates neighbouring text with empty comments.
    const mainOf = (html: string) => decode(html.slice(html.indexOf('<main'), html.indexOf('</main>')).replace(/<!-- -->/g, ''));
    const seller = mainOf((await page('/seller')).html);
    expect(seller).toContain(SELLER.legalName);
    expect(seller).toContain(SELLER.gstin);
    expect(mainOf((await page('/privacy')).html)).toContain(`${SELLER.legalName} (the data fiduciary)`);
    expect(mainOf((await page('/contact')).html)).toContain(SELLER.email);
  });

  it('sitemap.xml lists every public page and every product, each with its lastmod', async () => {
    const res = await fetch(`${origin}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const entries = new Map(
      [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>(?:<xhtml:link [^>]*\/>)*<\/url>/g)].map((m) => [m[1], m[2]]),
    );
    for (const path of [
      '/',
      '/luggage',
      '/backpacks',
      '/duffles',
      '/shipping',
      '/returns',
      '/warranty',
      '/contact',
      '/grievance',
      '/seller',
      '/privacy',
      '/refunds',
      '/cancellation',
    ]) {
      expect(entries.get(`${origin}${path}`), path).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(entries.get(`${origin}/hi${path === '/' ? '' : path}`), `/hi${path}`).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(products.length).toBeGreaterThanOrEqual(27);
    for (const p of products) expect(entries.get(`${origin}/product/${p._id}`), p._id).toBe(p.updatedAt);
    for (const p of products) expect(entries.get(`${origin}/hi/product/${p._id}`), p._id).toBe(p.updatedAt);
    // Both languages (docs/i18n.md): each page names its twin and the default.
    expect(entries.size).toBe(2 * (14 + products.length));
    expect(xml).toContain(
      `<url><loc>${origin}/hi/luggage</loc><lastmod>${entries.get(`${origin}/luggage`)}</lastmod><xhtml:link rel="alternate" hreflang="en-IN" href="${origin}/luggage"/><xhtml:link rel="alternate" hreflang="hi-IN" href="${origin}/hi/luggage"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}/luggage"/></url>`,
    );
  });

  it('robots.txt names the sitemap', async () => {
    const res = await fetch(`${origin}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).toContain('Disallow: /admin');
  });
});
