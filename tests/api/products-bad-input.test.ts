import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, productForm, randomPng, storedProduct, uniqueName, type ProductJson } from '../support/commerce';

let adminUser: TestUser;
let target: ProductJson;

beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin' });
  target = await createProduct(adminUser, { price: 1500, discount: 200, stock: 5 });
});

async function productsNamed(name: string): Promise<number> {
  return (await admin().db.collection('products').where('name', '==', name).get()).size;
}

const valid = () => ({
  name: uniqueName('Bad input bag'),
  description: 'x',
  price: '1000',
  discount: '0',
  category: 'duffles',
  stock: '3',
});

interface BadCase {
  title: string;
  status: number;
  /** Builds the request body and headers; `name` is the product name it would create. */
  build: () => Promise<{ name: string; body: BodyInit; headers?: Record<string, string> }>;
  message?: string | RegExp;
}

const withFields =
  (overrides: Record<string, string>, drop: string[] = []) =>
  async () => {
    const fields: Record<string, string> = { ...valid(), ...overrides };
    for (const d of drop) delete fields[d];
    return { name: fields.name ?? '', body: productForm(fields) };
  };

const createCases: BadCase[] = [
  { title: 'missing name', status: 400, build: withFields({}, ['name']), message: 'Name, price, category and stock are required' },
  { title: 'blank name', status: 400, build: withFields({ name: '   ' }), message: 'Name, price, category and stock are required' },
  { title: 'missing price', status: 400, build: withFields({}, ['price']), message: 'Name, price, category and stock are required' },
  { title: 'missing stock', status: 400, build: withFields({}, ['stock']) },
  { title: 'missing category', status: 400, build: withFields({}, ['category']) },
  {
    title: 'unknown category',
    status: 400,
    build: withFields({ category: 'suitcases' }),
    message: 'Category must be one of luggage, backpacks, duffles',
  },
  { title: 'negative price', status: 400, build: withFields({ price: '-5' }), message: /Price must be a whole number/ },
  { title: 'zero price', status: 400, build: withFields({ price: '0' }) },
  { title: 'fractional price', status: 400, build: withFields({ price: '99.5' }) },
  { title: 'huge price', status: 400, build: withFields({ price: '1000001' }) },
  { title: 'price 1e309', status: 400, build: withFields({ price: '1e309' }) },
  { title: 'price as words', status: 400, build: withFields({ price: 'ten rupees' }) },
  { title: 'hex price', status: 400, build: withFields({ price: '0x10' }) },
  { title: 'negative discount', status: 400, build: withFields({ discount: '-1' }) },
  {
    title: 'discount above price',
    status: 400,
    build: withFields({ price: '100', discount: '101' }),
    message: 'Discount cannot exceed price',
  },
  { title: 'fractional discount', status: 400, build: withFields({ discount: '1.25' }) },
  {
    title: 'negative stock',
    status: 400,
    build: withFields({ stock: '-1' }),
    message: 'Stock must be a whole number between 0 and 10,000',
  },
  { title: 'fractional stock', status: 400, build: withFields({ stock: '2.5' }) },
  { title: 'stock above 10,000', status: 400, build: withFields({ stock: '10001' }) },
  { title: '121-character name', status: 400, build: withFields({ name: 'n'.repeat(121) }) },
  { title: '5001-character description', status: 400, build: withFields({ description: 'd'.repeat(5001) }) },
  { title: '100 000-character description', status: 413, build: withFields({ description: 'd'.repeat(100_000) }) },
  {
    title: 'image sent as a text field',
    status: 400,
    build: withFields({ image: 'https://evil.example/bag.png' }),
    message: 'Image must be an uploaded file',
  },
  {
    title: 'a field sent twice',
    status: 400,
    build: async () => {
      const f = valid();
      const form = productForm(f);
      form.append('price', '1');
      return { name: f.name, body: form };
    },
  },
  {
    title: 'too many fields',
    status: 413,
    build: async () => {
      const f = valid();
      const form = productForm(f);
      for (let i = 0; i < 20; i += 1) form.append(`extra${i}`, 'x');
      return { name: f.name, body: form };
    },
  },
  {
    title: 'two image files',
    status: 413,
    build: async () => {
      const f = valid();
      const form = productForm(f, { bytes: await randomPng() });
      form.append('image', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'b.png');
      return { name: f.name, body: form };
    },
  },
  {
    title: 'a file under another field name',
    status: 400,
    build: async () => {
      const f = valid();
      const form = productForm(f);
      form.append('avatar', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'a.png');
      return { name: f.name, body: form };
    },
  },
  {
    title: 'non-image bytes named .png',
    status: 415,
    build: async () => {
      const f = valid();
      return { name: f.name, body: productForm(f, { bytes: Buffer.from('<?php echo "hi"; ?>'), type: 'image/png', name: 'x.png' }) };
    },
    message: 'Image must be a JPEG, PNG or WebP file',
  },
  {
    title: 'a GIF',
    status: 415,
    build: async () => {
      const f = valid();
      return {
        name: f.name,
        body: productForm(f, {
          bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
            .gif()
            .toBuffer(),
          type: 'image/gif',
        }),
      };
    },
  },
  {
    title: 'a PNG header with garbage after it',
    status: 415,
    build: async () => {
      const f = valid();
      const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
      return { name: f.name, body: productForm(f, { bytes }) };
    },
  },
  {
    title: 'an empty image file',
    status: 400,
    build: async () => {
      const f = valid();
      return { name: f.name, body: productForm(f, { bytes: Buffer.alloc(0) }) };
    },
  },
  {
    title: 'an image over 5 MB',
    status: 413,
    build: async () => {
      const f = valid();
      const png = await randomPng();
      return { name: f.name, body: productForm(f, { bytes: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 1)]) }) };
    },
    message: 'Image must be 5 MB or smaller',
  },
  {
    title: 'a JSON body instead of multipart',
    status: 415,
    build: async () => {
      const f = valid();
      return { name: f.name, body: JSON.stringify({ ...f, price: 1000 }), headers: { 'Content-Type': 'application/json' } };
    },
  },
  {
    title: 'a urlencoded body',
    status: 415,
    build: async () => {
      const f = valid();
      return { name: f.name, body: new URLSearchParams(f).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
    },
  },
  {
    title: 'multipart without a boundary',
    status: 415,
    build: async () => {
      const f = valid();
      return { name: f.name, body: 'name=x', headers: { 'Content-Type': 'multipart/form-data' } };
    },
  },
  {
    title: 'malformed multipart (no closing boundary)',
    status: 400,
    build: async () => {
      const f = valid();
      const body = `--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\n${f.name}\r\n--XYZ\r\nContent-Disposition: form-data; name="price"\r\n\r\n10`;
      return { name: f.name, body, headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' } };
    },
  },
];

describe('POST /api/products/createProducts refuses bad input and stores nothing', () => {
  it.each(createCases)('$title → $status', async ({ build, status, message }) => {
    const { name, body, headers } = await build();
    const res = await api<{ success: boolean; message: string }>('products/createProducts', {
      method: 'POST',
      token: adminUser.idToken,
      rawBody: body,
      ...(headers ? { headers } : {}),
    });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
    if (message instanceof RegExp) expect(res.body.message).toMatch(message);
    else if (message) expect(res.body.message).toBe(message);
    if (name) expect(await productsNamed(name)).toBe(0);
  });

  it('unknown fields (stockSold, createdAt, image url) are dropped, never stored', async () => {
    const f = valid();
    const form = productForm({ ...f, createdAt: '1999-01-01', hash: 'x', rating: '5' });
    const res = await api<{ data: ProductJson }>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
    expect(res.status).toBe(201);
    const stored = await storedProduct(res.body.data._id);
    expect(stored).not.toHaveProperty('rating');
    expect(stored).not.toHaveProperty('hash');
    expect(new Date(res.body.data.createdAt).getFullYear()).toBeGreaterThan(2000);
  });
});

const patchCases: { title: string; fields: Record<string, string>; status: number }[] = [
  { title: 'blank name', fields: { name: '' }, status: 400 },
  { title: 'negative stock', fields: { stock: '-3' }, status: 400 },
  { title: 'price 0', fields: { price: '0' }, status: 400 },
  { title: 'fractional price', fields: { price: '12.5' }, status: 400 },
  { title: 'discount above stored price', fields: { discount: '1501' }, status: 400 },
  { title: 'price below stored discount', fields: { price: '199' }, status: 400 },
  { title: 'unknown category', fields: { category: 'wallets' }, status: 400 },
  { title: 'huge stock', fields: { stock: '99999999999' }, status: 400 },
];

describe('PATCH /api/products/:id refuses bad input and changes nothing', () => {
  it.each(patchCases)('$title → $status', async ({ fields, status }) => {
    const before = await storedProduct(target._id);
    const res = await api<{ success: boolean; message: string }>(`products/${target._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm(fields),
    });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(await storedProduct(target._id)).toEqual(before);
  });

  it('a non-image upload on PATCH is 415 and keeps the old image', async () => {
    const res = await api(`products/${target._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm({}, { bytes: Buffer.from('GIF89a not really'), type: 'image/gif' }),
    });
    expect(res.status).toBe(415);
    expect((await storedProduct(target._id))?.image).toEqual(target.image);
  });

  it('a JSON PATCH is 415', async () => {
    const res = await api(`products/${target._id}`, { method: 'PATCH', token: adminUser.idToken, body: { stock: 1 } });
    expect(res.status).toBe(415);
    expect(await storedProduct(target._id)).toMatchObject({ stock: 5 });
  });
});
