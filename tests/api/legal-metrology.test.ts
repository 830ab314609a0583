// Legal Metrology declarations (docs/legal-metrology.md, issue 38): publishing is refused while a
// declaration is missing (field by field, per variant), a published product cannot lose one,
// drafts are invisible to shoppers everywhere, and the origin filter, sort and facet of the lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import {
  productForm,
  randomPng,
  shopperWithAddress,
  TEST_DECLARATIONS,
  TEST_DIMENSIONS,
  uniqueName,
  type Envelope,
  type ProductJson,
} from '../support/commerce';
import { hostingUrl } from '../support/emulators';
import { DEMO_PRODUCTS } from '../../scripts/seed/catalog';

type Listed = ProductJson & { published: boolean; countryOfOrigin: string; declarations?: unknown };
type Failure = { success: false; message: string; errors?: { field: string; message: string }[] };
const MAKER = { name: 'Ningbo Everbright Luggage Co., Ltd.', address: 'No. 88 Binhai Road, Cixi, Ningbo, Zhejiang 315300, China' };
const IMPORTER = TEST_DECLARATIONS.importer;

let adminUser: TestUser;
const made: string[] = [];

async function create(fields: Record<string, string | number>) {
  const form = productForm({ description: 'A test bag', price: 3000, discount: 0, category: 'luggage', stock: 5, ...fields });
  form.append('images', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'p.png');
  const res = await api<Envelope<Listed> & Failure>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
  if (res.status === 201) made.push(res.body.data._id);
  return res;
}
const patch = (id: string, fields: Record<string, string>) =>
  api<Envelope<Listed> & Failure>(`products/${id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: productForm(fields) });

beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin' });
});
afterAll(async () => {
  await Promise.all(made.map((id) => api(`products/${id}`, { method: 'DELETE', token: adminUser.idToken })));
});

describe('publishing needs every declaration', () => {
  it('refuses to publish a product without them, naming each missing field', async () => {
    const res = await create({ name: uniqueName('Bare Trolley'), countryOfOrigin: 'China', published: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.message)).toEqual([
      'Generic name is required',
      'Net quantity is required',
      "Manufacturer's name and address are required",
      'Dimensions (L × B × H in cm) are required',
      'Importer is required for goods made in China',
    ]);
    expect(res.body.message).toContain('Importer is required for goods made in China');
  });

  it('names the variant that misses a declaration the others have', async () => {
    const t = Date.now().toString(36).toUpperCase().slice(-5);
    const res = await create({
      name: uniqueName('Variant Trolley'),
      countryOfOrigin: 'China',
      published: 'true',
      declarations: JSON.stringify({ genericName: 'Trolley bag', netQuantity: { value: 1, unit: 'N' }, manufacturer: MAKER }),
      dimensionsCm: JSON.stringify({ l: 38, b: 22, h: 55 }),
      options: JSON.stringify([{ name: 'Size', values: ['Cabin', 'Large'] }]),
      variants: JSON.stringify([
        { sku: `CAB-NVY-${t}`, options: { Size: 'Cabin' }, price: 3000, stock: 2 },
        { sku: `LRG-NVY-${t}`, options: { Size: 'Large' }, price: 4000, stock: 2, declarations: { importer: IMPORTER } },
      ]),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: `variants.CAB-NVY-${t}.importer`, message: `Variant CAB-NVY-${t}: importer is required for goods made in China` },
    ]);
  });

  it('a create without `published` is a draft; PATCH publishes it once complete, and it cannot lose a field', async () => {
    const draft = await create({ name: uniqueName('Draft Holdall'), countryOfOrigin: 'India', published: 'false' });
    expect(draft.status).toBe(201);
    expect(draft.body.data.published).toBe(false);
    const id = draft.body.data._id;
    const refused = await patch(id, { published: 'true' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['genericName', 'netQuantity', 'manufacturer', 'dimensionsCm']);
    const published = await patch(id, {
      published: 'true',
      declarations: JSON.stringify(TEST_DECLARATIONS),
      dimensionsCm: JSON.stringify(TEST_DIMENSIONS),
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ published: true, declarations: TEST_DECLARATIONS, dimensionsCm: TEST_DIMENSIONS });
    const lose = await patch(id, { published: 'true', dimensionsCm: '' });
    expect(lose.status).toBe(400);
    expect(lose.body.message).toContain('Dimensions (L × B × H in cm) are required');
    const china = await patch(id, {
      published: 'true',
      countryOfOrigin: 'China',
      declarations: JSON.stringify({ ...TEST_DECLARATIONS, importer: undefined }),
    });
    expect(china.status).toBe(400);
    expect(china.body.message).toContain('Importer is required for goods made in China');
    // Unpublished first, it may lose them.
    const unpublished = await patch(id, { published: 'false', dimensionsCm: '' });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.data.published).toBe(false);
  });

  it.each([
    [
      'an empty manufacturer name',
      { declarations: JSON.stringify({ manufacturer: { name: ' ', address: 'Pune' } }) },
      'Manufacturer name is required',
    ],
    [
      'an address over 300 characters',
      { declarations: JSON.stringify({ importer: { name: 'X', address: 'a'.repeat(301) } }) },
      'Importer address must be at most 300 characters',
    ],
    [
      'a net quantity of 0',
      { declarations: JSON.stringify({ netQuantity: { value: 0, unit: 'N' } }) },
      'Net quantity must be a whole number from 1 to 1000',
    ],
    [
      'a fractional net quantity',
      { declarations: JSON.stringify({ netQuantity: { value: 1.5, unit: 'set' } }) },
      'Net quantity must be a whole number from 1 to 1000',
    ],
    ['a dimension of 0', { dimensionsCm: JSON.stringify({ l: 0, b: 20, h: 30 }) }, 'Dimensions must be whole centimetres from 1 to 300'],
    [
      'a negative dimension',
      { dimensionsCm: JSON.stringify({ l: 40, b: -20, h: 30 }) },
      'Dimensions must be whole centimetres from 1 to 300',
    ],
    [
      'an empty importer name on a variant',
      {
        options: JSON.stringify([{ name: 'Size', values: ['Cabin'] }]),
        variants: JSON.stringify([
          {
            sku: `BAD-${Date.now().toString(36).toUpperCase()}`,
            options: { Size: 'Cabin' },
            price: 3000,
            stock: 1,
            declarations: { importer: { name: '', address: 'Mumbai' } },
          },
        ]),
      },
      'Importer name is required',
    ],
    [
      'a dimension over 300 cm',
      { dimensionsCm: JSON.stringify({ l: 40, b: 20, h: 301 }) },
      'Dimensions must be whole centimetres from 1 to 300',
    ],
    [
      'declarations that are not JSON',
      { declarations: '{nope' },
      'declarations must be JSON: { genericName, netQuantity, manufacturer, packer, importer }',
    ],
    ['published that is not true or false', { published: 'yes' }, 'Published must be true or false'],
  ])('answers %s with 400 and the message', async (_title, fields, message) => {
    const res = await create({ name: uniqueName('Bad Bag'), ...fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('the demo catalogue', () => {
  it('ships complete and published: every demo product, none missing a declaration', async () => {
    const res = await api<Envelope<(Listed & { missingDeclarations: unknown[] })[]>>('admin/products', { token: adminUser.idToken });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((p) => [p._id, p]));
    for (const demo of DEMO_PRODUCTS) {
      const p = byId.get(demo.slug);
      expect(p, demo.name).toBeDefined();
      expect({ name: demo.name, published: p?.published, missing: p?.missingDeclarations }).toEqual({
        name: demo.name,
        published: true,
        missing: [],
      });
    }
  });
});

describe('a draft is invisible to shoppers', () => {
  let draft: Listed;
  let word: string;
  beforeAll(async () => {
    // Random letters: search forgives typos, so a word near other tests' names (a time) would find them.
    word = Array.from({ length: 12 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
    const res = await create({ name: `Hidden ${word} Duffle`, published: 'false', category: 'duffles' });
    expect(res.status).toBe(201);
    draft = res.body.data;
  });

  it('not in the lists, search, category, sitemap or product page; 404 for cart add and Buy Now', async () => {
    const ids = (r: { body: Envelope<Listed[]> }) => r.body.data.map((p) => p._id);
    expect(ids(await api<Envelope<Listed[]>>('products'))).not.toContain(draft._id);
    expect(ids(await api<Envelope<Listed[]>>('products/category/duffles'))).not.toContain(draft._id);
    expect(ids(await api<Envelope<Listed[]>>(`products/search?q=${word}`))).toEqual([]);
    expect((await api(`products/${draft._id}`)).status).toBe(404);
    const origin = await hostingUrl();
    expect(await (await fetch(`${origin}/sitemap.xml`)).text()).not.toContain(draft._id);
    expect((await fetch(`${origin}/product/${draft._id}`)).status).toBe(404);
    // The category and search pages, drawn by the server, do not draw it either.
    const categoryPage = await fetch(`${origin}/duffles`);
    expect(categoryPage.status).toBe(200);
    expect(await categoryPage.text()).not.toContain(draft._id);
    expect(await (await fetch(`${origin}/search?q=${word}`)).text()).not.toContain(draft._id);
    const shopper = await shopperWithAddress();
    const add = await api<Failure>(`cart/${draft._id}`, { method: 'POST', token: shopper.idToken });
    expect(add.status).toBe(404);
    expect(add.body.message).toBe('Product not found');
    const buy = await api<Failure>('order', {
      method: 'POST',
      token: shopper.idToken,
      body: { paymentMethod: 'COD', addressId: shopper.addressId, productId: draft._id, quantity: 1 },
    });
    expect(buy.status).toBe(404);
    // An admin sees it, as a draft, with what it misses.
    const adminList = await api<Envelope<(Listed & { missingDeclarations: { message: string }[] })[]>>('admin/products', {
      token: adminUser.idToken,
    });
    expect(adminList.status).toBe(200);
    const mine = adminList.body.data.find((p) => p._id === draft._id);
    expect(mine).toMatchObject({ published: false });
    expect(mine?.missingDeclarations.map((m) => m.message)).toContain('Generic name is required');
    // The public read is anonymous (its token is dropped): a draft is 404 even fresh, even to an admin.
    expect((await api(`products/${draft._id}?fresh=1`, { token: adminUser.idToken })).status).toBe(404);
    expect((await api('admin/products', { token: shopper.idToken })).status).toBe(403);
  });
});

describe('origin filter, sort and facet', () => {
  const list = async (path: string) => {
    const res = await api<Envelope<Listed[]> & { facets: { origin: { value: string; count: number }[] } }>(path);
    expect(res.status, path).toBe(200);
    return res.body;
  };

  it('origin=China (case-insensitive, comma-separated) keeps those countries; an unknown one is an empty list', async () => {
    const all = await list('products/category/luggage');
    const china = await list('products/category/luggage?origin=china');
    expect(china.data.length).toBeGreaterThan(0);
    expect(china.data.every((p) => p.countryOfOrigin === 'China')).toBe(true);
    expect(china.data.length).toBe(all.data.filter((p) => p.countryOfOrigin === 'China').length);
    const both = await list('products?origin=CHINA,india');
    expect(new Set(both.data.map((p) => p.countryOfOrigin))).toEqual(new Set(['China', 'India']));
    const none = await list('products?origin=Atlantis');
    expect(none.data).toEqual([]);
    const searched = await list('products/search?q=trolley&origin=China');
    expect(searched.data.length).toBeGreaterThan(0);
    expect(searched.data.every((p) => p.countryOfOrigin === 'China')).toBe(true);
  });

  it('sort=origin orders A–Z by country', async () => {
    const sorted = (await list('products?sort=origin')).data.map((p) => p.countryOfOrigin);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(sorted).size).toBeGreaterThan(1);
  });

  it('facets.origin counts the countries beside colour and size, not narrowed by its own filter', async () => {
    const all = await list('products');
    const filtered = await list('products?origin=China');
    const count = (country: string) => all.data.filter((p) => p.countryOfOrigin === country).length;
    expect(all.facets.origin).toEqual(
      expect.arrayContaining([
        { value: 'China', count: count('China') },
        { value: 'India', count: count('India') },
      ]),
    );
    expect(filtered.facets.origin).toEqual(all.facets.origin);
  });
});

describe('the product JSON-LD carries the declarations', () => {
  it('countryOfOrigin, depth × width × height in cm and the manufacturer, for the group and each variant', async () => {
    const html = await (await fetch(`${await hostingUrl()}/product/voyager-hardshell-cabin-trolley-55-cm`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    );
    const group = blocks.find((b) => b['@type'] === 'ProductGroup');
    expect(group, 'a ProductGroup').toBeDefined();
    const cm = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'CMT' });
    expect(group).toMatchObject({
      countryOfOrigin: { '@type': 'Country', name: 'China' },
      depth: cm(38),
      width: cm(22),
      height: cm(55),
      manufacturer: { '@type': 'Organization', name: MAKER.name, address: MAKER.address },
    });
    const variants = group?.hasVariant as Record<string, unknown>[];
    expect(variants.length).toBeGreaterThan(1);
    for (const v of variants) expect(v).toMatchObject({ countryOfOrigin: { name: 'China' }, manufacturer: { name: MAKER.name } });
    expect(variants.some((v) => JSON.stringify([v.depth, v.width, v.height]) === JSON.stringify([cm(50), cm(31), cm(75)]))).toBe(true);
  });
});
