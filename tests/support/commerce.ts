// Helpers for the catalog, order and payment API tests: products made through the API,
// carts and addresses written straight into the emulator (those routes belong to other tests).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { admin, api, createTestUser, type TestUser } from './api';

export interface VariantJson {
  _id: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  discount: number;
  stock: number;
  images: { url: string }[];
}

export interface ProductJson {
  _id: string;
  name: string;
  description: string;
  price: number;
  discount: number;
  category: string;
  stock: number;
  image: { url: string; hash: string };
  images: { url: string; hash: string }[];
  /** Sizes, colours…; `[]` for a product without options (docs/variants.md). */
  options: { name: string; values: string[] }[];
  /** One per combination sold; exactly one for a product without options. */
  variants: VariantJson[];
  createdAt: string;
  updatedAt: string;
}

export interface OrderJson {
  _id: string;
  userId: string;
  user: { _id: string; fullname: { firstname: string; lastname: string }; email: string };
  items: {
    _id: string;
    name: string;
    price: number;
    discount: number;
    quantity: number;
    product: { _id: string; image: { url: string; hash: string } };
  }[];
  shippingAddress: Record<string, string>;
  subtotal: number;
  totalAmount: number;
  status: string;
  paymentMethod: string;
  payment: { status: string; sessionId: string | null; paidAt: string | null };
  statusHistory: { status: string; at: string; by: string }[];
  createdAt: string;
}

export interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
  errors?: { field: string; message: string }[];
  url?: string;
}

/** A small PNG of random pixels: every call gives a different image (and content hash). */
export async function randomPng(size = 24): Promise<Buffer> {
  return sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

let n = 0;
export function uniqueName(prefix = 'Test bag'): string {
  n += 1;
  return `${prefix} ${Date.now().toString(36)}-${n}-${randomBytes(2).toString('hex')}`;
}

/** Complete Legal Metrology declarations (docs/legal-metrology.md), an importer included (any origin). */
export const TEST_DECLARATIONS = {
  genericName: 'Travel bag',
  netQuantity: { value: 1, unit: 'N' },
  manufacturer: { name: 'Test Bags Pvt. Ltd.', address: 'Plot 1, Industrial Area, Pune, Maharashtra 411001' },
  importer: { name: 'Bagshop Retail LLP', address: 'Unit 12, Kamala Mills Compound, Lower Parel, Mumbai, Maharashtra 400013' },
};
export const TEST_DIMENSIONS = { l: 40, b: 20, h: 55 };

/**
 * What a product form needs to be listed: published, with complete declarations. Every form
 * built here carries them unless it names `published` itself (a draft: `published: 'false'`).
 */
export const LISTED_FIELDS: Record<string, string> = {
  published: 'true',
  declarations: JSON.stringify(TEST_DECLARATIONS),
  dimensionsCm: JSON.stringify(TEST_DIMENSIONS),
};

/** A multipart product form as the admin screen sends it (listed unless it names `published`; LISTED_FIELDS). */
export function productForm(fields: Record<string, string | number>, image?: { bytes: Buffer; type?: string; name?: string }): FormData {
  const form = new FormData();
  const all = 'published' in fields ? fields : { ...LISTED_FIELDS, ...fields };
  for (const [k, v] of Object.entries(all)) form.append(k, String(v));
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/png' }), image.name ?? 'bag.png');
  return form;
}

export async function createProduct(
  adminUser: TestUser,
  fields: Partial<
    Record<'name' | 'description' | 'price' | 'discount' | 'category' | 'stock' | 'hsn' | 'gstRatePercent', string | number>
  > = {},
  withImage = true,
): Promise<ProductJson> {
  const form = productForm(
    { name: uniqueName(), description: 'A sturdy test bag', price: 2000, discount: 500, category: 'backpacks', stock: 10, ...fields },
    withImage ? { bytes: await randomPng() } : undefined,
  );
  const res = await api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
  if (res.status !== 201) throw new Error(`createProducts answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * The product document as stored (not through the cached API). A product with variants keeps
 * its stock in `variantStock/{variantId}` (docs/variants.md): `stock` here is their sum, as
 * the product document itself held it before variants.
 */
export async function storedProduct(id: string): Promise<FirebaseFirestore.DocumentData | undefined> {
  const data = (await admin().db.doc(`products/${id}`).get()).data();
  if (!data || !Array.isArray(data.variants)) return data;
  const stocks = await variantStocks(id);
  return { ...data, stock: Object.values(stocks).reduce((a, b) => a + b, 0) };
}

/** The order document as stored ({} when there is none). */
export async function storedOrder(id: string): Promise<FirebaseFirestore.DocumentData> {
  return (await admin().db.doc(`orders/${id}`).get()).data() ?? {};
}

/** POST /api/payment for an order: the provider's checkout URL and session (or link) id. */
export function startPayment(shopper: TestUser, orderId: string) {
  return api<Envelope<{ url: string; sessionId: string }>>('payment', { method: 'POST', token: shopper.idToken, body: { orderId } });
}

/** Each variant's stock as stored: variant id → stock. */
export async function variantStocks(productId: string): Promise<Record<string, number>> {
  const snap = await admin().db.collection('variantStock').where('productId', '==', productId).get();
  return Object.fromEntries(snap.docs.map((d) => [d.id, Number(d.get('stock'))]));
}

export async function stockOf(id: string): Promise<number> {
  return Number((await storedProduct(id))?.stock);
}

/** Saves an address for the user directly in Firestore; returns its id. */
export async function addAddress(uid: string): Promise<string> {
  const ref = admin().db.collection(`users/${uid}/addresses`).doc();
  await ref.set({
    street: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411001',
    country: 'India',
    landmark: '',
    createdAt: new Date(),
  });
  return ref.id;
}

export async function setCart(uid: string, lines: Record<string, number>): Promise<void> {
  const db = admin().db;
  await Promise.all(
    Object.entries(lines).map(([productId, quantity]) =>
      db.doc(`users/${uid}/cart/${productId}`).set({ quantity, addedAt: new Date(), updatedAt: new Date() }),
    ),
  );
}

export async function cartOf(uid: string): Promise<Record<string, number>> {
  const snap = await admin().db.collection(`users/${uid}/cart`).get();
  return Object.fromEntries(snap.docs.map((d) => [d.id, Number(d.get('quantity'))]));
}

export async function ordersOf(uid: string): Promise<FirebaseFirestore.QueryDocumentSnapshot[]> {
  return (await admin().db.collection('orders').where('userId', '==', uid).get()).docs;
}

/** A shopper with a saved address. */
export async function shopperWithAddress(): Promise<TestUser & { addressId: string }> {
  const user = await createTestUser({ firstname: 'Shopper' });
  return { ...user, addressId: await addAddress(user.uid) };
}

/**
 * POST /api/order as the shopper. A cash-on-delivery order is then confirmed by the shopper
 * at once (POST /api/order/{id}/confirm-cod), as the order page's "Confirm order" does: the
 * test runs keep COD_CONFIRMATION=required, and tests about other things need a COD order the
 * admin can confirm. Tests of the confirmation itself use `placeUnconfirmedOrder`.
 */
export async function placeOrder(user: TestUser, body: Record<string, unknown>) {
  const res = await placeUnconfirmedOrder(user, body);
  if (res.status === 201 && res.body.data.paymentMethod === 'COD') {
    const confirmed = await api<Envelope<OrderJson>>(`order/${res.body.data._id}/confirm-cod`, {
      method: 'POST',
      token: user.idToken,
      body: {},
    });
    if (confirmed.status !== 200) throw new Error(`confirm-cod answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  }
  return res;
}

/** POST /api/order, nothing more: a COD order stays waiting for its confirmation. */
export async function placeUnconfirmedOrder(user: TestUser, body: Record<string, unknown>) {
  return api<Envelope<OrderJson>>('order', { method: 'POST', token: user.idToken, body });
}

/**
 * The Functions emulator starts one worker process per concurrent request, and gives each
 * 30 s to start. Twenty cold starts at once on a busy 2-core machine can exceed that: the
 * request then never reaches the function and Hosting answers 504. Concurrency tests first
 * bring workers up a few at a time with real, slow-ish requests (`warm`), and treat a 504 as
 * "never arrived" and send it again (`placeOrderDelivered`). Deployed functions serve many
 * requests per instance (`concurrency: 80`) and need none of this.
 */
export async function warmFunctionWorkers(users: TestUser[], step = 4): Promise<void> {
  for (let k = step; k < users.length + step; k += step) {
    await Promise.all(users.slice(0, k).map((u) => api('order/my-order', { token: u.idToken })));
  }
  // Then all at once until every one answers (at most 3 rounds): a worker that failed to start
  // ("Failed to load function" on a loaded machine) is started again here, not during the race.
  for (let round = 0; round < 3; round += 1) {
    const statuses = await Promise.all(users.map((u) => api('order/my-order', { token: u.idToken }).then((r) => r.status)));
    if (statuses.every((s) => s === 200)) return;
  }
}

/** POST /api/order, sent again only when the emulator could not start a worker for it (504). */
export async function placeOrderDelivered(user: TestUser, body: Record<string, unknown>, attempts = 3) {
  let res = await placeUnconfirmedOrder(user, body);
  for (let i = 1; i < attempts && res.status === 504; i += 1) res = await placeUnconfirmedOrder(user, body);
  // As `placeOrder`: a COD order is confirmed by its shopper.
  if (res.status === 201 && res.body.data.paymentMethod === 'COD') {
    const path = `order/${res.body.data._id}/confirm-cod`;
    // Sent again when it never arrived (504) or when the emulator aborted its contended
    // transaction ("please try again", as a shopper would).
    const again = (r: { status: number; body: { message?: string } }) =>
      r.status === 504 || (r.status === 409 && /please try again/.test(r.body.message ?? ''));
    let confirmed = await api<{ message?: string }>(path, { method: 'POST', token: user.idToken, body: {} });
    for (let i = 1; i < attempts + 2 && again(confirmed); i += 1)
      confirmed = await api<{ message?: string }>(path, { method: 'POST', token: user.idToken, body: {} });
    if (confirmed.status !== 200) throw new Error(`confirm-cod answered ${confirmed.status}: ${confirmed.body.message ?? ''}`);
  }
  return res;
}
