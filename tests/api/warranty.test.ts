// Warranty (issue 40, docs/warranty.md) through Hosting on the emulators: the terms from the
// seller settings on every surface (GET /api/seller, the product page, /warranty, the invoice),
// registration at delivery (one warranty a unit, start = delivery, end by the terms or the
// product's own years), every rule of POST /api/warranty/{id}/claims, the admin's moves along
// the graph (409 off it), the mails, and a replacement that takes stock once at ₹0.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WARRANTY_TERMS,
  DEMO_SELLER,
  WARRANTY_MESSAGES,
  formatDateIN,
  type WarrantyClaimJson,
  type WarrantyJson,
} from '@bagshop/domain';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  placeOrder,
  randomPng,
  shopperWithAddress,
  variantStocks,
  type Envelope,
  type OrderJson,
} from '../support/commerce';
import { startTestCourier, type CourierLocal } from '../support/courier';
import { hostingUrl } from '../support/emulators';

let courier: CourierLocal;
let adminUser: TestUser;

beforeAll(async () => {
  courier = await startTestCourier();
  adminUser = await createTestUser({ role: 'admin' });
  const seller = admin().db.doc('settings/seller');
  if (!(await seller.get()).exists) await seller.set({ ...DEMO_SELLER, updatedAt: new Date() });
});

afterAll(async () => {
  await courier.close();
});

type ErrorBody = { success: false; message: string; errors?: { field: string; message: string }[] };
type Mine = Envelope<{ warranties: WarrantyJson[]; claims: WarrantyClaimJson[] }>;
type ClaimAnswer = Envelope<{ claim: WarrantyClaimJson }> & ErrorBody;

const stored = async (path: string) => (await admin().db.doc(path).get()).data() ?? {};

function pdfText(bytes: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr}`);
  return out.stdout;
}

async function adminPatch(path: string, body: unknown) {
  const res = await api<Envelope<OrderJson>>(path, { method: 'PATCH', token: adminUser.idToken, body });
  if (res.status !== 200) throw new Error(`PATCH ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function deliver(orderId: string) {
  await adminPatch(`order/${orderId}/status`, { status: 'confirmed' });
  const shipped = await api(`order/${orderId}/shipments`, {
    method: 'POST',
    token: adminUser.idToken,
    body: { courier: 'Delhivery', awb: `DL${Date.now()}${Math.floor(Math.random() * 1000)}` },
  });
  expect(shipped.status).toBe(201);
  return adminPatch(`order/${orderId}/status`, { status: 'completed' });
}

/** A new shopper's delivered COD order of `quantity` units of a new product (its own warranty years when given). */
async function delivered(options: { category?: string; quantity?: number; warrantyYears?: number | 'lifetime'; stock?: number } = {}) {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, {
    price: 2999,
    discount: 0,
    stock: options.stock ?? 10,
    category: options.category ?? 'luggage',
  });
  if (options.warrantyYears !== undefined) await admin().db.doc(`products/${product._id}`).update({ warrantyYears: options.warrantyYears });
  const placed = await placeOrder(shopper, {
    paymentMethod: 'COD',
    addressId: shopper.addressId,
    productId: product._id,
    quantity: options.quantity ?? 1,
  });
  expect(placed.status).toBe(201);
  const order = await deliver(placed.body.data._id);
  const mine = await api<Mine>('warranty', { token: shopper.idToken });
  expect(mine.status).toBe(200);
  const warranties = mine.body.data.warranties.filter((w) => w.orderId === order._id);
  return { shopper, product, order, warranties };
}

async function claimForm(fields: Record<string, string>, photos: number): Promise<FormData> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < photos; i += 1)
    form.append('photos', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), `p${i}.png`);
  return form;
}

async function fileClaim(user: TestUser, warrantyId: string, photos = 1, fields: Record<string, string> = {}) {
  return api<ClaimAnswer>(`warranty/${encodeURIComponent(warrantyId)}/claims`, {
    method: 'POST',
    token: user.idToken,
    rawBody: await claimForm({ issue: 'wheel', description: 'A wheel came off on the first trip', ...fields }, photos),
  });
}

const move = (number: string, body: Record<string, unknown>) =>
  api<ClaimAnswer>(`admin/warranty-claims/${number}`, { method: 'PATCH', token: adminUser.idToken, body });

const mailKinds = async (uid: string) =>
  (await admin().db.collection('mail').where('uid', '==', uid).get()).docs
    .map((d) => String(d.get('kind')))
    .filter((k) => k.startsWith('warranty_'));

describe('warranty terms from the seller settings', () => {
  it(
    'names the same terms on GET /api/seller, the product page, /warranty and the invoice; a seller change follows',
    { timeout: 120_000 },
    async () => {
      const seller = await api<Envelope<{ warranty: typeof DEFAULT_WARRANTY_TERMS }>>('seller');
      expect(seller.status).toBe(200);
      expect(seller.body.data.warranty).toEqual(DEFAULT_WARRANTY_TERMS);

      const page = await (await fetch(`${await hostingUrl()}/warranty`)).text();
      expect(page).toContain('Lifetime Warranty');
      expect(page).toContain('Luggage: lifetime on shell, wheels and handles');
      expect(page).toContain('Backpacks: 3 years on zips, stitching, straps and buckles');
      expect(page).toContain('10 years after the sale');

      const { product, order, shopper } = await delivered({ category: 'backpacks' });
      const productPage = await (await fetch(`${await hostingUrl()}/product/${product._id}`)).text();
      expect(productPage).toContain('3-year warranty on zips, stitching, straps and buckles');

      const pdf = await fetch(`${await hostingUrl()}/api/order/${order._id}/invoice`, {
        headers: { Authorization: `Bearer ${shopper.idToken}` },
      });
      expect(pdf.status).toBe(200);
      const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
      expect(text).toContain('3-year warranty on zips, stitching, straps and buckles');

      // The admin's settings save (PUT) takes new terms; the public answer and /warranty follow.
      const current = await api<Envelope<Record<string, unknown>>>('admin/settings/seller', { token: adminUser.idToken });
      const { updatedAt: _u, ...rest } = current.body.data;
      void _u;
      const changed = {
        ...rest,
        warranty: {
          ...DEFAULT_WARRANTY_TERMS,
          categories: { ...DEFAULT_WARRANTY_TERMS.categories, backpacks: { years: 4, covers: ['zips'], excludes: [] } },
        },
      };
      try {
        const put = await api('admin/settings/seller', { method: 'PUT', token: adminUser.idToken, body: changed });
        expect(put.status).toBe(200);
        const bad = await api<ErrorBody>('admin/settings/seller', {
          method: 'PUT',
          token: adminUser.idToken,
          body: {
            ...changed,
            warranty: {
              ...changed.warranty,
              categories: { ...changed.warranty.categories, luggage: { years: 'forever', covers: [], excludes: [] } },
            },
          },
        });
        expect(bad.status).toBe(400);
        expect(JSON.stringify(bad.body)).toMatch(/lifetime.*whole number of years/);
        const after = await api<Envelope<{ warranty: typeof DEFAULT_WARRANTY_TERMS }>>('seller');
        expect(after.body.data.warranty.categories.backpacks.years).toBe(4);
      } finally {
        await api('admin/settings/seller', {
          method: 'PUT',
          token: adminUser.idToken,
          body: { ...rest, warranty: DEFAULT_WARRANTY_TERMS },
        });
      }
    },
  );
});

describe('registration at delivery', () => {
  it(
    'gives each delivered unit a warranty from the delivery day, by the category or the product’s own years',
    { timeout: 120_000 },
    async () => {
      const { warranties, order } = await delivered({ quantity: 2 });
      expect(warranties.map((w) => w._id).sort()).toEqual([`${order._id}-1-1`, `${order._id}-1-2`]);
      const w = warranties[0] as WarrantyJson;
      expect(w.years).toBe('lifetime');
      expect(w.label).toBe('Lifetime warranty on shell, wheels and handles');
      const deliveredAt = (await stored(`orders/${order._id}`)).statusHistory.at(-1).at.toDate() as Date;
      expect(w.startsAt).toBe(deliveredAt.toISOString());
      const end = new Date(deliveredAt);
      end.setUTCFullYear(end.getUTCFullYear() + 10);
      expect(w.endsAt).toBe(end.toISOString());

      const soft = await delivered({ warrantyYears: 5 });
      expect(soft.warranties).toHaveLength(1);
      expect(soft.warranties[0]?.years).toBe(5);
      expect(soft.warranties[0]?.label).toBe('5-year warranty on shell, wheels and handles');
    },
  );
});

describe('claims', () => {
  it(
    'answers 400 for no photo, another shopper, out of term and a second open claim; 201 with WAR-YYYY-NNNNN',
    { timeout: 120_000 },
    async () => {
      const { shopper, warranties } = await delivered({ quantity: 2 });
      const [w1, w2] = warranties as [WarrantyJson, WarrantyJson];

      const noPhoto = await fileClaim(shopper, w1._id, 0);
      expect(noPhoto.status).toBe(400);
      expect(noPhoto.body.message).toBe(WARRANTY_MESSAGES.photosRequired);

      const other = await shopperWithAddress();
      const notOwner = await fileClaim(other, w1._id);
      expect(notOwner.status).toBe(400);
      expect(notOwner.body.message).toBe(WARRANTY_MESSAGES.notOwner);

      const badIssue = await fileClaim(shopper, w1._id, 1, { issue: 'strap' });
      expect(badIssue.status).toBe(400);
      expect(badIssue.body.message).toBe(WARRANTY_MESSAGES.issue);

      const ended = new Date(Date.now() - 86_400_000);
      await admin().db.doc(`warranties/${w2._id}`).update({ endsAt: ended });
      const outOfTerm = await fileClaim(shopper, w2._id);
      expect(outOfTerm.status).toBe(400);
      expect(outOfTerm.body.message).toBe(WARRANTY_MESSAGES.outOfTerm(formatDateIN(ended.toISOString())));

      const created = await fileClaim(shopper, w1._id, 2);
      expect(created.status).toBe(201);
      const claim = created.body.data.claim;
      expect(claim._id).toMatch(new RegExp(`^WAR-${new Date().getUTCFullYear()}-\\d{5}$`));
      expect(claim.status).toBe('submitted');
      expect(claim.photos).toHaveLength(2);
      expect(claim.photos[0]?.url).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);

      const duplicate = await fileClaim(shopper, w1._id);
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.message).toBe(WARRANTY_MESSAGES.duplicate(claim._id));

      const tooMany = await fileClaim(shopper, w2._id, 5);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(WARRANTY_MESSAGES.tooManyPhotos);

      const anonymous = await api(`warranty/${w1._id}/claims`, {
        method: 'POST',
        rawBody: await claimForm({ issue: 'zip', description: 'x' }, 1),
      });
      expect(anonymous.status).toBe(401);
      expect(await mailKinds(shopper.uid)).toEqual(['warranty_submitted']);
    },
  );

  it('moves along the graph only (409 otherwise); a rejection tells the shopper why and frees the unit', { timeout: 120_000 }, async () => {
    const { shopper, warranties } = await delivered();
    const w = warranties[0] as WarrantyJson;
    const claim = (await fileClaim(shopper, w._id)).body.data.claim;

    const skip = await move(claim._id, { status: 'replaced' });
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('A claim that is submitted cannot be moved to replaced');

    const noReason = await move(claim._id, { status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(WARRANTY_MESSAGES.rejectNeedsReason);

    const shopperMove = await api(`admin/warranty-claims/${claim._id}`, {
      method: 'PATCH',
      token: shopper.idToken,
      body: { status: 'approved' },
    });
    expect(shopperMove.status).toBe(403);

    const rejected = await move(claim._id, { status: 'rejected', note: 'damage in transit by an airline: not covered' });
    expect(rejected.status).toBe(200);
    const mine = await api<Mine>('warranty', { token: shopper.idToken });
    const seen = mine.body.data.claims.find((c) => c._id === claim._id);
    expect(seen?.status).toBe('rejected');
    expect(seen?.rejectionReason).toBe('damage in transit by an airline: not covered');
    expect((await move(claim._id, { status: 'approved' })).status).toBe(409);
    // The unit is free for a new claim.
    expect((await fileClaim(shopper, w._id)).status).toBe(201);
  });

  it(
    'walks a claim to replaced: pickup, received, a new unit of the same variant at ₹0 taking stock once, closed, a mail each step',
    { timeout: 120_000 },
    async () => {
      const { shopper, product, warranties } = await delivered({ stock: 5 });
      const w = warranties[0] as WarrantyJson;
      const claim = (await fileClaim(shopper, w._id)).body.data.claim;
      const before = (await variantStocks(product._id))[w.variantId];

      expect((await move(claim._id, { status: 'approved' })).status).toBe(200);
      const noAwb = await move(claim._id, { status: 'pickup_scheduled' });
      expect(noAwb.status).toBe(400);
      expect(noAwb.body.message).toBe(WARRANTY_MESSAGES.pickupNeedsAwb);
      const pickup = await move(claim._id, { status: 'pickup_scheduled', courier: 'Delhivery', awb: 'RVP123456' });
      expect(pickup.body.data.claim.pickup).toEqual({ courier: 'Delhivery', awb: 'RVP123456', provider: 'manual' });
      expect((await move(claim._id, { status: 'received' })).status).toBe(200);
      const replaced = await move(claim._id, { status: 'replaced', courier: 'Delhivery', awb: 'DL777' });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data.claim.replacement).toMatchObject({ variantId: w.variantId, quantity: 1, pricePaise: 0 });
      expect((await variantStocks(product._id))[w.variantId]).toBe(Number(before) - 1);
      // Not a sale: no new invoice nor order.
      expect((await admin().db.collection('orders').where('userId', '==', shopper.uid).get()).size).toBe(1);

      const closed = await move(claim._id, { status: 'closed' });
      expect(closed.status).toBe(200);
      expect((await variantStocks(product._id))[w.variantId]).toBe(Number(before) - 1);
      const history = closed.body.data.claim.history.map((h) => h.status);
      expect(history).toEqual(['submitted', 'approved', 'pickup_scheduled', 'received', 'replaced', 'closed']);
      expect(await mailKinds(shopper.uid)).toEqual(
        expect.arrayContaining([
          'warranty_submitted',
          'warranty_approved',
          'warranty_pickup_scheduled',
          'warranty_received',
          'warranty_replaced',
          'warranty_closed',
        ]),
      );
      expect((await stored(`warranties/${w._id}`)).openClaim).toBeNull();
      const queue = await api<Envelope<{ claims: WarrantyClaimJson[] }>>('admin/warranty-claims', { token: adminUser.idToken });
      expect(queue.body.data.claims.some((c) => c._id === claim._id)).toBe(true);
    },
  );

  it('answers 409 when the replacement variant is out of stock', { timeout: 120_000 }, async () => {
    const { shopper, product, warranties } = await delivered({ stock: 1 });
    const w = warranties[0] as WarrantyJson;
    expect((await variantStocks(product._id))[w.variantId]).toBe(0);
    const claim = (await fileClaim(shopper, w._id)).body.data.claim;
    await move(claim._id, { status: 'approved' });
    await move(claim._id, { status: 'pickup_scheduled', courier: 'Delhivery', awb: 'RVP9' });
    await move(claim._id, { status: 'received' });
    const out = await move(claim._id, { status: 'replaced' });
    expect(out.status).toBe(409);
    expect(out.body.message).toMatch(/is out of stock; choose another variant/);
    expect((await move(claim._id, { status: 'repaired' })).status).toBe(200);
  });
});
