/**
 * The comeback sweep (docs/comeback.md "When messages go"): every few minutes on a deploy
 * (`sendComebackMessages`), on the emulators through its HTTP twin. It finds
 * - active back-in-stock alerts whose variant has stock again: one mail, then the alert ends;
 * - wishlist items whose variant's sale price is ≥ 10 % under the price saved, among products
 *   changed since the last sweep (and items whose price-drop mail waits): one mail a week at most.
 * Every stock increase (an admin's edit, a restock, a return's restock, a cancellation) and every
 * price change is caught, wherever it was written. Quiet hours and the daily cap make a message
 * wait (`sendAt` / `priceDropSendAt`); no consent ends it.
 */
import {
  alertFromData,
  isPriceDrop,
  priceDropAllowed,
  salePrice,
  toPaise,
  variantLabel,
  wishlistItemFromData,
  formatINR,
} from '@bagshop/domain';
import { Timestamp, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { hasConsent } from '../accounts/index.js';
import { getProduct, readStocks, products } from '../catalog/index.js';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import { absolute, lastCappedAt, sendIfAllowed } from './messages.js';
import { alerts, sweepCursor, wishlistItems } from './store.js';

const BATCH = 300;

async function greetingOf(uid: string | null): Promise<string> {
  if (!uid) return 'Hello,';
  const first: unknown = (await db.doc(`users/${uid}`).get()).get('fullname.firstname');
  return typeof first === 'string' && first.trim() ? `Hello ${first.trim()},` : 'Hello,';
}

const productPath = (productId: string, variantId: string) =>
  `/product/${encodeURIComponent(productId)}?${new URLSearchParams({ variant: variantId }).toString()}`;

/** One alert whose variant is in stock: send, wait or end. */
async function settleAlert(snap: DocumentSnapshot, at: Date): Promise<'sent' | 'waiting' | 'ended'> {
  const alert = alertFromData(snap.id, plainDoc(snap));
  // A signed-in shopper's consent is their record's; a visitor's is the confirmed double opt-in, withdrawn by unsubscribing.
  const consented = alert.uid
    ? await hasConsent(alert.uid, 'alerts', 'email')
    : alert.confirmedAt !== null && snap.get('consent.withdrawnAt') == null;
  const greeting = await greetingOf(alert.uid);
  const name = `${alert.productName}${alert.variantLabel ? ` (${alert.variantLabel})` : ''}`;
  return db.runTransaction(async (tx) => {
    const fresh = await tx.get(snap.ref);
    if (!fresh.exists || fresh.get('status') !== 'active') return 'ended';
    const decision = sendIfAllowed(
      tx,
      {
        flow: 'back-in-stock',
        kind: 'back_in_stock',
        to: alert.email,
        uid: alert.uid ?? '',
        subject: alert.uid ?? `alert:${alert._id}`,
        purpose: 'alerts',
        channel: 'email',
        title: `Back in stock: ${alert.productName}`,
        greeting,
        paragraphs: [
          `${name} is back in stock. Bags that come back often sell out again, so have a look soon.`,
          'This alert has now ended: we will not mail you about this bag again.',
        ],
        link: { href: absolute(productPath(alert.productId, alert.variantId)), label: 'See the bag' },
        productId: alert.productId,
        variantId: alert.variantId,
      },
      { at, consented, lastCappedAt: null, capped: false },
    );
    const stamp = Timestamp.fromDate(at);
    if (decision.action === 'wait') {
      tx.update(snap.ref, { sendAt: Timestamp.fromDate(decision.until) });
      return 'waiting';
    }
    tx.update(snap.ref, { status: 'ended', endedAt: stamp, endedReason: decision.action === 'send' ? 'sent' : 'no-consent', sendAt: null });
    return decision.action === 'send' ? 'sent' : 'ended';
  });
}

/** Active alerts whose variant has stock again. */
export async function sweepBackInStock(at: Date): Promise<{ sent: number; waiting: number; ended: number }> {
  const active = (await alerts().where('status', '==', 'active').limit(BATCH).get()).docs;
  const counts = { sent: 0, waiting: 0, ended: 0 };
  if (active.length === 0) return counts;
  const productIds = [...new Set(active.map((d) => String(d.get('productId'))))];
  const productSnaps = await db.getAll(...productIds.map((id) => products().doc(id)));
  const stocks = await readStocks(productSnaps);
  const legacy = new Map(productSnaps.filter((p) => p.exists).map((p) => [p.id, Number(p.get('stock') ?? 0)]));
  for (const snap of active) {
    const variantId = String(snap.get('variantId'));
    const stock = stocks.get(variantId)?.stock ?? (variantId === snap.get('productId') ? (legacy.get(variantId) ?? 0) : 0);
    if (stock <= 0) continue;
    const sendAt: unknown = snap.get('sendAt');
    if (sendAt instanceof Timestamp && sendAt.toMillis() > at.getTime()) continue;
    counts[await settleAlert(snap, at)] += 1;
  }
  return counts;
}

/** One wishlist item whose price may have dropped: send, wait, or nothing. */
async function settlePriceDrop(snap: DocumentSnapshot, at: Date): Promise<'sent' | 'waiting' | 'none'> {
  const item = wishlistItemFromData(snap.id, plainDoc(snap));
  const product = await getProduct(item.productId, { fresh: true }).catch(() => null);
  const variant = product?.variants?.find((v) => v._id === item.variantId);
  const clear = async () => {
    if (snap.get('priceDropSendAt') != null) await snap.ref.update({ priceDropSendAt: null });
    return 'none' as const;
  };
  if (!product || !variant) return clear();
  const nowPaise = toPaise(salePrice(variant.price, variant.discount));
  if (!isPriceDrop(item.savedPricePaise, nowPaise) || !priceDropAllowed(item.lastPriceDropAt ? new Date(item.lastPriceDropAt) : null, at))
    return clear();
  const consented = await hasConsent(item.uid, 'alerts', 'email');
  const email: unknown = (await db.doc(`users/${item.uid}`).get()).get('email');
  if (typeof email !== 'string' || !email) return clear();
  const greeting = await greetingOf(item.uid);
  const label = variantLabel(product.options ?? [], variant);
  return db.runTransaction(async (tx) => {
    const last = await lastCappedAt(tx, item.uid);
    const fresh = await tx.get(snap.ref);
    if (!fresh.exists) return 'none';
    const decision = sendIfAllowed(
      tx,
      {
        flow: 'price-drop',
        kind: 'price_drop',
        to: email,
        uid: item.uid,
        subject: item.uid,
        purpose: 'alerts',
        channel: 'email',
        title: `Price drop: ${product.name} is now ${formatINR(nowPaise / 100)}`,
        greeting,
        paragraphs: [
          `${product.name}${label ? ` (${label})` : ''}, on your wishlist, is now ${formatINR(nowPaise / 100)}: it was ${formatINR(item.savedPricePaise / 100)} when you saved it.`,
        ],
        link: { href: absolute(productPath(item.productId, item.variantId)), label: 'See the bag' },
        productId: item.productId,
        variantId: item.variantId,
      },
      { at, consented, lastCappedAt: last, capped: true },
    );
    if (decision.action === 'send')
      tx.update(snap.ref, { lastPriceDropAt: Timestamp.fromDate(at), lastPriceDropPaise: nowPaise, priceDropSendAt: null });
    else if (decision.action === 'wait') tx.update(snap.ref, { priceDropSendAt: Timestamp.fromDate(decision.until) });
    else tx.update(snap.ref, { priceDropSendAt: null });
    return decision.action === 'send' ? 'sent' : decision.action === 'wait' ? 'waiting' : 'none';
  });
}

async function changedProductIds(): Promise<{ ids: string[]; upTo: Timestamp | null }> {
  const seen: unknown = (await sweepCursor().get()).get('productsSeenUpTo');
  const since = seen instanceof Timestamp ? seen : Timestamp.fromMillis(Date.now() - 86_400_000);
  const snap = await products().where('updatedAt', '>', since).orderBy('updatedAt').limit(BATCH).get();
  const last = snap.docs.at(-1)?.get('updatedAt') as unknown;
  return { ids: snap.docs.map((d) => d.id), upTo: last instanceof Timestamp ? last : null };
}

/** Price drops of wishlisted variants: products changed since the last sweep, and mails that wait. */
export async function sweepPriceDrops(at: Date): Promise<{ sent: number; waiting: number }> {
  const { ids, upTo } = await changedProductIds();
  const queries: Query[] = [wishlistItems().where('priceDropSendAt', '<=', Timestamp.fromDate(at)).limit(BATCH)];
  for (let i = 0; i < ids.length; i += 30)
    queries.push(
      wishlistItems()
        .where('productId', 'in', ids.slice(i, i + 30))
        .limit(BATCH),
    );
  const items = new Map<string, DocumentSnapshot>();
  for (const q of queries) for (const d of (await q.get()).docs) items.set(d.id, d);
  const counts = { sent: 0, waiting: 0 };
  for (const snap of items.values()) {
    const sendAt: unknown = snap.get('priceDropSendAt');
    if (sendAt instanceof Timestamp && sendAt.toMillis() > at.getTime()) continue;
    const result = await settlePriceDrop(snap, at);
    if (result !== 'none') counts[result] += 1;
  }
  if (upTo) await sweepCursor().set({ productsSeenUpTo: upTo }, { merge: true });
  return counts;
}

/** The whole sweep, at `at` (the clock). */
export async function sendComebackMessages(at: Date = new Date()) {
  const backInStock = await sweepBackInStock(at);
  const priceDrops = await sweepPriceDrops(at);
  return { backInStock, priceDrops };
}
