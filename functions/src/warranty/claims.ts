/**
 * Warranty claims (docs/warranty.md): a shopper files one on a unit's warranty
 * (POST /api/warranty/{warrantyId}/claims), the admin moves it along the graph
 * (PATCH /api/admin/warranty-claims/{number}). Every rule that needs no photo runs before a
 * photo is decoded (as returns do, issue 37); the transaction runs them again on what it read.
 */
import {
  WARRANTY_CLAIM_STATUS_LABELS,
  WARRANTY_MESSAGES,
  canMoveClaim,
  formatDateIN,
  variantLabel,
  warrantyClaimNumber,
  type CreateWarrantyClaimInput,
  type ProductOption,
  type ProductVariant,
  type WarrantyClaimJson,
  type WarrantyClaimMove,
  type WarrantyJson,
} from '@bagshop/domain';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { products } from '../catalog/index.js';
import { preparePhotos } from '../images/index.js';
import type { ProcessedImage } from '../images/index.js';
import { queueMail } from '../mail/index.js';
import { orders, runOrderTransaction, type Actor } from '../orders/store.js';
import { variantStockDocs } from '../catalog/index.js';
import { claimMail } from './mails.js';
import { toClaim, toWarranty, warranties, warrantyClaims, warrantyCounter } from './store.js';

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** The rules a claim must pass on the warranty as read: the owner, within the term, no open claim. */
export function checkClaimable(w: WarrantyJson, uid: string, now: Date): void {
  if (w.userId !== uid) throw fieldError('warrantyId', WARRANTY_MESSAGES.notOwner);
  if (now < new Date(w.startsAt)) throw fieldError('warrantyId', WARRANTY_MESSAGES.notStarted);
  if (now >= new Date(w.endsAt)) throw fieldError('warrantyId', WARRANTY_MESSAGES.outOfTerm(formatDateIN(w.endsAt)));
  if (w.openClaim) throw fieldError('warrantyId', WARRANTY_MESSAGES.duplicate(w.openClaim));
}

function orderMailFacts(order: DocumentSnapshot): { to: string; firstname: unknown } {
  const user = (order.get('user') ?? {}) as { email?: unknown; fullname?: { firstname?: unknown } };
  return { to: typeof user.email === 'string' ? user.email.trim() : '', firstname: user.fullname?.firstname };
}

export async function createClaim(
  actor: Actor,
  warrantyId: string,
  input: CreateWarrantyClaimInput,
  photos: { count: number; load: () => Promise<ProcessedImage[]> },
  clock: Date = new Date(),
): Promise<WarrantyClaimJson> {
  const ref = warranties().doc(warrantyId);
  const first = await ref.get();
  if (!first.exists) throw notFound(WARRANTY_MESSAGES.notFound);
  checkClaimable(toWarranty(first), actor.uid, clock);
  if (photos.count === 0) throw fieldError('photos', WARRANTY_MESSAGES.photosRequired);
  const processed = await photos.load();
  const year = clock.getUTCFullYear();
  const now = Timestamp.fromDate(clock);

  const number = await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(WARRANTY_MESSAGES.notFound);
    const w = toWarranty(snap);
    checkClaimable(w, actor.uid, clock);
    const [counter, order] = await tx.getAll(warrantyCounter(year), orders().doc(w.orderId));
    const pictures = await preparePhotos(tx, processed);
    const sequence = Number(counter?.get('last') ?? 0) + 1;
    const id = warrantyClaimNumber(year, sequence);
    pictures.apply();
    tx.set(warrantyCounter(year), { last: sequence, updatedAt: now }, { merge: true });
    tx.create(warrantyClaims().doc(id), {
      warrantyId,
      userId: actor.uid,
      orderId: w.orderId,
      productId: w.productId,
      variantId: w.variantId,
      sku: String(snap.get('sku') ?? ''),
      name: w.name,
      variantLabel: w.variantLabel,
      issue: input.issue,
      description: input.description,
      photos: pictures.refs,
      status: 'submitted',
      rejectionReason: '',
      pickup: null,
      returnParcel: null,
      replacement: null,
      stockTakenAt: null,
      history: [{ status: 'submitted', at: now, by: actor.uid, note: '' }],
      createdAt: now,
      updatedAt: now,
      closedAt: null,
    });
    tx.update(ref, { openClaim: id });
    const facts = order ? orderMailFacts(order) : { to: '', firstname: '' };
    queueMail(tx, claimMail('submitted', { number: id, orderId: w.orderId, name: w.name, userId: actor.uid }, facts.to, facts.firstname));
    return id;
  });
  return toClaim(await warrantyClaims().doc(number).get());
}

interface StoredVariant {
  _id?: unknown;
  sku?: unknown;
  options?: Record<string, string>;
}

/** The replacement's variant on the product (its own by default): id, label and SKU. */
function replacementOf(product: DocumentSnapshot, variantId: string): { variantId: string; variantLabel: string; sku: string } | null {
  const variants = Array.isArray(product.get('variants')) ? (product.get('variants') as StoredVariant[]) : [];
  const options = Array.isArray(product.get('options')) ? (product.get('options') as ProductOption[]) : [];
  const found = variants.find((v) => String(v._id ?? '') === variantId);
  if (!found) return variants.length === 0 && variantId === product.id ? { variantId, variantLabel: '', sku: '' } : null;
  const label = variantLabel(options, { options: found.options ?? {} } as Pick<ProductVariant, 'options' | 'dimensionsCm'>);
  return { variantId, variantLabel: label, sku: String(found.sku ?? '') };
}

/** PATCH /api/admin/warranty-claims/{number}: one move along the graph (409 otherwise), its effects, its mail. */
export async function moveClaim(
  admin: Actor,
  number: string,
  move: WarrantyClaimMove,
  clock: Date = new Date(),
): Promise<WarrantyClaimJson> {
  const ref = warrantyClaims().doc(number);
  const now = Timestamp.fromDate(clock);
  await runOrderTransaction(async (tx: Transaction) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(WARRANTY_MESSAGES.claimNotFound);
    const claim = toClaim(snap);
    const from = claim.status;
    const to = move.status;
    if (!canMoveClaim(from, to))
      throw conflict(
        WARRANTY_MESSAGES.move(WARRANTY_CLAIM_STATUS_LABELS[from].toLowerCase(), WARRANTY_CLAIM_STATUS_LABELS[to].toLowerCase()),
      );
    const patch: Record<string, unknown> = { status: to, updatedAt: now };
    const writes: ((tx: Transaction) => void)[] = [];
    if (to === 'rejected') {
      if (!move.note) throw fieldError('note', WARRANTY_MESSAGES.rejectNeedsReason);
      patch.rejectionReason = move.note;
    }
    if (to === 'pickup_scheduled') {
      if (!move.courier || !move.awb) throw fieldError('awb', WARRANTY_MESSAGES.pickupNeedsAwb);
      patch.pickup = { courier: move.courier, awb: move.awb, provider: 'manual' };
    }
    const order = await tx.get(orders().doc(claim.orderId));
    if (to === 'replaced') {
      const product = await tx.get(products().doc(claim.productId));
      const chosen = product.exists ? replacementOf(product, move.replacementVariantId ?? claim.variantId) : null;
      if (!chosen) throw fieldError('replacementVariantId', WARRANTY_MESSAGES.replacementUnknown);
      if (!claim.stockTakenAt) {
        // The new unit's stock, taken exactly once (`stockTakenAt`).
        const slot = await tx.get(variantStockDocs().doc(chosen.variantId));
        const stock = Number(slot.get('stock') ?? 0);
        const label = `${claim.name}${chosen.variantLabel ? ` (${chosen.variantLabel})` : ''}`;
        if (!slot.exists || stock < 1) throw conflict(WARRANTY_MESSAGES.replacementOutOfStock(label));
        writes.push((w) => w.update(slot.ref, { stock: stock - 1, updatedAt: now }));
        patch.stockTakenAt = now;
      }
      // A ₹0 line, no invoice: a warranty replacement is not a sale.
      patch.replacement = { ...chosen, name: claim.name, quantity: 1, pricePaise: 0 };
    }
    if ((to === 'repaired' || to === 'replaced') && move.awb) {
      const variant = (patch.replacement as { variantId?: string; variantLabel?: string } | undefined) ?? {};
      patch.returnParcel = {
        courier: move.courier,
        awb: move.awb,
        provider: 'manual',
        variantId: variant.variantId ?? claim.variantId,
        variantLabel: variant.variantLabel ?? claim.variantLabel,
      };
    }
    if (to === 'closed' || to === 'rejected') {
      patch.closedAt = now;
      writes.push((w) => w.update(warranties().doc(claim.warrantyId), { openClaim: null }));
    }
    patch.history = [...((snap.get('history') as unknown[]) ?? []), { status: to, at: now, by: admin.uid, note: move.note }];
    writes.forEach((w) => w(tx));
    tx.update(ref, patch);
    const facts = order.exists ? orderMailFacts(order) : { to: '', firstname: '' };
    queueMail(
      tx,
      claimMail(to, { number, orderId: claim.orderId, name: claim.name, userId: claim.userId }, facts.to, facts.firstname, {
        awb: move.awb,
        note: move.note,
      }),
    );
  });
  return toClaim(await ref.get());
}

/** One claim: its owner or an admin (404 for anyone else). */
export async function getClaim(actor: Actor, number: string): Promise<WarrantyClaimJson> {
  const snap = await warrantyClaims().doc(number).get();
  if (!snap.exists || (actor.role !== 'admin' && snap.get('userId') !== actor.uid)) throw notFound(WARRANTY_MESSAGES.claimNotFound);
  return toClaim(snap);
}

/** GET /api/warranty: the shopper's warranties (by delivery, newest first) and claims (newest first). */
export async function myWarranties(actor: Actor): Promise<{ warranties: WarrantyJson[]; claims: WarrantyClaimJson[] }> {
  const [ws, cs] = await Promise.all([
    warranties().where('userId', '==', actor.uid).get(),
    warrantyClaims().where('userId', '==', actor.uid).get(),
  ]);
  return {
    warranties: ws.docs.map(toWarranty).sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a._id.localeCompare(b._id)),
    claims: cs.docs.map(toClaim).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

/** The admin's queue: open claims, oldest first (closed and rejected after, newest first). */
export async function adminClaims(): Promise<WarrantyClaimJson[]> {
  const all = (await warrantyClaims().get()).docs.map(toClaim);
  const open = all.filter((c) => c.status !== 'closed' && c.status !== 'rejected').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const done = all.filter((c) => c.status === 'closed' || c.status === 'rejected').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...open, ...done];
}
