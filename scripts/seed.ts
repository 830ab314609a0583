// Loads the demo data of docs/decisions/0016-demo-data-and-tests-on-emulators.md into the emulators. Idempotent: a marker document
// records that the data is there, so restarting keeps whatever you changed since;
// `--force` writes every demo document again (used by `npm run reset` and the tests).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, Timestamp } from 'firebase-admin/firestore';
import {
  addToSeriesMonth,
  buildInvoice,
  DEFAULT_GST_RATE,
  DEFAULT_HSN,
  DEMO_SELLER,
  financialYearStart,
  invoiceRow,
  istMonthOf,
  fromVariant,
  variantLabel,
  orderTotals,
  placeOfSupplyOf,
  PICTURE_WIDTHS,
  pictureWidthToData,
  type SeriesMonth,
} from '@bagshop/domain';
import { DEMO_PRODUCTS } from './seed/catalog.ts';
import { demoVariants } from './seed/variants.ts';
import { countryOfOrigin, seedSettings } from './seed/disclosures.ts';
import { demoDeclarations } from './seed/declarations.ts';
import { galleryImages } from './seed/gallery.ts';
import { seedOffers } from './seed/offers.ts';
import { emulatorEnv, PROJECT_ID } from './lib/env.ts';
import { migrateImages } from './lib/migrate-images.ts';
import { recordTaxDocuments } from '../functions/src/tax/months.ts';

export const DEMO_ACCOUNTS = {
  admin: {
    uid: 'demo-admin',
    email: 'admin@bagshop.test',
    password: 'Admin@123',
    firstname: 'Asha',
    lastname: 'Menon',
    phonenumber: '9123456780',
    role: 'admin' as const,
  },
  shopper: {
    uid: 'demo-shopper',
    email: 'shopper@bagshop.test',
    password: 'Shopper@123',
    firstname: 'Rahul',
    lastname: 'Sharma',
    phonenumber: '9876543210',
    role: 'customer' as const,
  },
};

const SEED_MARKER = 'meta/seed';

function adminApp() {
  for (const [key, value] of Object.entries(emulatorEnv())) process.env[key] ??= value;
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('The seed only writes to the emulators (FIRESTORE_EMULATOR_HOST is not set).');
  }
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
}

export async function seed(
  options: {
    force?: boolean;
    /** The automatic "pay online" demo offer (docs/offers.md); the test stages leave it out. */
    automaticOffers?: boolean;
  } = {},
): Promise<{ products: number; skipped: boolean }> {
  const app = adminApp();
  const db = getFirestore(app);
  const auth = getAuth(app);

  if (!options.force && (await db.doc(SEED_MARKER).get()).exists) {
    return { products: (await db.collection('products').count().get()).data().count, skipped: true };
  }

  // Accounts, with the admin claim set on the admin only.
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const displayName = `${account.firstname} ${account.lastname}`;
    try {
      await auth.updateUser(account.uid, { email: account.email, password: account.password, displayName, emailVerified: true });
    } catch {
      await auth.createUser({ uid: account.uid, email: account.email, password: account.password, displayName, emailVerified: true });
    }
    await auth.setCustomUserClaims(account.uid, account.role === 'admin' ? { role: 'admin' } : null);
    // The demo shopper's phone is verified (COD needs it); admins/{uid} lets the admin read through the rules.
    if (account.role === 'customer')
      await auth.updateUser(account.uid, { phoneNumber: `+91${account.phonenumber}` }).catch(() => undefined);
    if (account.role === 'admin')
      await db.doc(`admins/${account.uid}`).set({ email: account.email, grantedBy: 'seed', grantedAt: FieldValue.serverTimestamp() });
    await db.doc(`users/${account.uid}`).set({
      fullname: { firstname: account.firstname, lastname: account.lastname },
      email: account.email,
      phonenumber: account.phonenumber,
      role: account.role,
      createdAt: Timestamp.fromDate(new Date('2026-01-15T10:00:00Z')),
      updatedAt: FieldValue.serverTimestamp(),
    });
  }

  // Products with their generated artwork (front, side, open), stored content-addressed (docs/decisions/0004-images-in-firestore.md).
  const now = Date.now();
  const galleries = await galleryImages(DEMO_PRODUCTS.map((p) => p.art));
  const images = galleries.map((g) => g[0]).filter((img) => img !== undefined);
  const batch = db.batch();
  const variantWrites: [string, Record<string, unknown>][] = [];
  const imageWrites: [string, Record<string, unknown>][] = [];
  DEMO_PRODUCTS.forEach((p, i) => {
    const gallery = galleries[i] ?? [];
    const image = gallery[0];
    if (!image) throw new Error(`No image for ${p.slug}`);
    for (const view of gallery) {
      imageWrites.push([
        `productImages/${view.sha256}`,
        {
          bytes: view.bytes,
          contentType: view.contentType,
          width: view.width,
          height: view.height,
          widths: [...PICTURE_WIDTHS],
          createdAt: FieldValue.serverTimestamp(),
        },
      ]);
      // Its widths for the screen (docs/decisions/0030-pictures-for-the-screen.md).
      for (const r of view.renditions) imageWrites.push([`productImages/${view.sha256}/widths/${r.label}`, pictureWidthToData(r)]);
    }
    const refs = gallery.map((view) => ({ url: `/api/images/${view.sha256}`, hash: view.sha256 }));
    // Earlier catalog entries are "newer", so lists (newest first) follow the catalog order.
    const createdAt = Timestamp.fromMillis(now - i * 60_000);
    // Sizes and colours (docs/variants.md): the product keeps its options and variants, each
    // variant's stock is its own document and each SKU is claimed (scripts/seed/variants.ts).
    const { options, variants } = demoVariants(p, i);
    const from = fromVariant(variants) ?? p;
    for (const v of variants) {
      variantWrites.push([`variantStock/${v._id}`, { productId: p.slug, sku: v.sku, stock: v.stock, updatedAt: createdAt }]);
      variantWrites.push([`skus/${v.sku}`, { productId: p.slug, variantId: v._id }]);
    }
    batch.set(db.doc(`products/${p.slug}`), {
      name: p.name,
      description: p.description,
      price: from.price,
      discount: from.discount,
      category: p.category,
      options,
      variants: variants.map(({ stock: _stock, imageIndexes, ...v }) => ({
        ...v,
        imageHashes: imageIndexes.map((n) => refs[n]?.hash).filter((h): h is string => h !== undefined),
      })),
      countryOfOrigin: countryOfOrigin(p),
      ...(p.warrantyYears !== undefined ? { warrantyYears: p.warrantyYears } : {}),
      // Legal Metrology declarations: the demo catalogue ships complete and published (docs/legal-metrology.md).
      ...demoDeclarations(p),
      published: true,
      hsn: DEFAULT_HSN,
      gstRatePercent: DEFAULT_GST_RATE,
      image: refs[0],
      images: refs,
      imageHashes: refs.map((r) => r.hash),
      createdAt,
      updatedAt: createdAt,
    });
  });
  // The pictures before the products that show them (an instance remembers a miss for a while).
  await commitInBatches(db, imageWrites);
  // A running function instance keeps the catalogue of one version (functions/src/catalog/version.ts).
  batch.set(db.doc('meta/catalog'), { version: FieldValue.increment(1), changedAt: FieldValue.serverTimestamp() }, { merge: true });
  await batch.commit();
  await commitInBatches(db, variantWrites);

  await seedSettings(db);
  await seedOffers(db, { automatic: options.automaticOffers ?? true });
  await seedOrders(
    db,
    images.map((img) => ({ url: `/api/images/${img.sha256}`, hash: img.sha256 })),
  );
  await db.doc(SEED_MARKER).set({ at: FieldValue.serverTimestamp(), products: DEMO_PRODUCTS.length });
  return { products: DEMO_PRODUCTS.length, skipped: false };
}

/** The Firestore emulator refuses a request over 4 MiB (and retries it for ever): pictures' bytes count. */
const MAX_BATCH_BYTES = 3_000_000;

const bytesIn = (data: Record<string, unknown>) =>
  Object.values(data).reduce<number>((sum, v) => sum + (v instanceof Uint8Array ? v.byteLength : 0), 1_000);

async function commitInBatches(db: FirebaseFirestore.Firestore, writes: [string, Record<string, unknown>][]): Promise<void> {
  let batch = db.batch();
  let count = 0;
  let bytes = 0;
  for (const [path, data] of writes) {
    const size = bytesIn(data);
    if (count > 0 && (count >= 400 || bytes + size > MAX_BATCH_BYTES)) {
      await batch.commit();
      batch = db.batch();
      count = 0;
      bytes = 0;
    }
    batch.set(db.doc(path), data);
    count += 1;
    bytes += size;
  }
  if (count > 0) await batch.commit();
}

/** Two past orders for the shopper: one delivered, one still pending (COD). */
async function seedOrders(db: FirebaseFirestore.Firestore, productImages: { url: string; hash: string }[]): Promise<void> {
  const shopper = DEMO_ACCOUNTS.shopper;
  const address = {
    _id: 'demo-home',
    street: '14, 2nd Cross, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    country: 'India',
    landmark: 'Near CMH Road metro',
  };
  const { _id: addressId, ...addressFields } = address;
  await db
    .doc(`users/${shopper.uid}/addresses/${addressId}`)
    .set({ ...addressFields, createdAt: Timestamp.fromDate(new Date('2026-02-01T09:00:00Z')) });

  const pick = (indexes: number[], quantities: number[]) =>
    indexes.map((idx, n) => {
      const p = DEMO_PRODUCTS[idx];
      if (!p) throw new Error(`No demo product ${idx}`);
      const { options, variants } = demoVariants(p, idx);
      const v = variants[0];
      if (!v) throw new Error(`No variant of ${p.slug}`);
      return {
        _id: p.slug,
        variantId: v._id,
        sku: v.sku,
        options: v.options,
        variantLabel: variantLabel(options, v),
        name: p.name,
        price: v.price,
        discount: v.discount,
        quantity: quantities[n] ?? 1,
        product: { _id: p.slug, image: productImages[idx] ?? { url: '', hash: '' } },
        hsn: DEFAULT_HSN,
        gstRatePercent: DEFAULT_GST_RATE,
      };
    });
  const orders = [
    { id: 'demo-order-1', items: pick([1, 10], [1, 2]), status: 'completed', payment: 'paid', placed: '2026-10-02T11:20:00Z' },
    { id: 'demo-order-2', items: pick([19], [1]), status: 'pending', payment: 'unpaid', placed: '2026-11-18T16:45:00Z' },
  ] as const;
  for (const o of orders) {
    const totals = orderTotals(o.items);
    const placed = Timestamp.fromDate(new Date(o.placed));
    const history =
      o.status === 'completed'
        ? ['pending', 'confirmed', 'shipped', 'completed'].map((status, i) => ({
            status,
            at: Timestamp.fromMillis(placed.toMillis() + i * 86_400_000),
            by: i === 0 ? shopper.uid : DEMO_ACCOUNTS.admin.uid,
          }))
        : [{ status: 'pending', at: placed, by: shopper.uid }];
    // The delivered order was invoiced when it was confirmed: the first number of its year.
    const confirmedAt = history.find((h) => h.status === 'confirmed')?.at;
    const invoice = confirmedAt ? await seedInvoice(db, o.id, confirmedAt.toDate(), o.items, address, shopper) : null;
    await db.doc(`orders/${o.id}`).set({
      ...(invoice ? { invoice } : {}),
      userId: shopper.uid,
      user: { _id: shopper.uid, fullname: { firstname: shopper.firstname, lastname: shopper.lastname }, email: shopper.email },
      items: o.items,
      shippingAddress: address,
      subtotal: totals.subtotal,
      totalAmount: totals.totalAmount,
      status: o.status,
      paymentMethod: 'COD',
      payment: {
        status: o.payment,
        sessionId: null,
        paidAt: o.payment === 'paid' ? Timestamp.fromMillis(placed.toMillis() + 3 * 86_400_000) : null,
      },
      statusHistory: history,
      createdAt: placed,
      updatedAt: history[history.length - 1]?.at ?? placed,
    });
  }
}

/**
 * The demo invoice, number 1 of its financial year. The year's counter is raised to 1 only
 * if it is lower, so re-seeding a running emulator never hands out a number twice.
 */
async function seedInvoice(
  db: FirebaseFirestore.Firestore,
  orderId: string,
  issuedAt: Date,
  items: readonly { name: string; price: number; discount: number; quantity: number; hsn: string; gstRatePercent: number }[],
  address: { street: string; landmark: string; city: string; state: string; postalCode: string; country: string },
  shopper: { firstname: string; lastname: string; email: string },
) {
  const fyStart = financialYearStart(issuedAt);
  const placeOfSupply = placeOfSupplyOf(address);
  if (!placeOfSupply) throw new Error(`No place of supply for ${address.state}`);
  const invoice = buildInvoice({
    fyStart,
    sequence: 1,
    issuedAt,
    seller: DEMO_SELLER,
    placeOfSupply,
    user: { fullname: { firstname: shopper.firstname, lastname: shopper.lastname }, email: shopper.email },
    shippingAddress: address,
    items,
  });
  const counter = db.doc(`taxSeries/invoice-${fyStart}`);
  await db.runTransaction(async (tx) => {
    const last = Number((await tx.get(counter)).get('last') ?? 0);
    if (last < 1) {
      // The Tax view's counters (functions/src/tax/months.ts): the month's totals and the series' range.
      const months: Record<string, SeriesMonth> = {};
      addToSeriesMonth(months, istMonthOf(issuedAt), 1, invoice.number);
      tx.set(counter, {
        series: 'invoice',
        financialYear: invoice.financialYear,
        last: 1,
        lastNumber: invoice.number,
        orderId,
        months,
        updatedAt: Timestamp.fromDate(issuedAt),
      });
      recordTaxDocuments(db, (ref, data) => tx.set(ref, data, { merge: true }), [invoiceRow(orderId, invoice)]);
    }
  });
  return { ...invoice, issuedAt: Timestamp.fromDate(issuedAt) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force');
  seed({ force })
    .then(async (r) => {
      console.log(
        r.skipped
          ? `Demo data already present (${r.products} products); use --force to write it again.`
          : `Seeded ${r.products} products, 2 accounts and 2 orders.`,
      );
      // Local data kept from before pictures had widths (docs/decisions/0030-pictures-for-the-screen.md).
      const images = await migrateImages(getFirestore(adminApp()));
      if (images.made.length) console.log(`Made the widths of ${images.made.length} stored picture(s).`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
