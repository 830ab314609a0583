/** The admin's offers (docs/offers.md): create, edit, list with uses and discount given. */
import { offerInputSchema, type Offer, type OfferInput } from '@bagshop/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict, notFound } from '../lib/errors.js';
import { codeRef, offerOf, offersCol } from './store.js';
import { withUses } from './uses.js';

export const OFFER_NOT_FOUND = 'Offer not found';
export const codeTakenMessage = (code: string) => `The code ${code} is already used by another offer`;

/** The stored fields of an input (dates as Timestamps, absent optionals as null). */
function storedFields(input: OfferInput) {
  return {
    code: input.code ?? null,
    automatic: !input.code,
    title: input.title,
    kind: input.kind,
    // A no-cost EMI offer has no value of its own: its discount is the chosen plan's interest (issue 43).
    value: input.kind === 'no_cost_emi' ? 0 : (input.value ?? 0),
    noCostEmi:
      input.kind === 'no_cost_emi'
        ? { tenures: [...new Set(input.emiTenures ?? [])].sort((a, b) => a - b), banks: [...new Set(input.emiBanks ?? [])] }
        : null,
    maxDiscount: input.maxDiscount ?? null,
    minOrder: input.minOrder ?? null,
    appliesTo: input.appliesTo ? { categories: input.appliesTo.categories ?? [], productIds: input.appliesTo.productIds ?? [] } : null,
    startsAt: Timestamp.fromDate(new Date(input.startsAt)),
    endsAt: Timestamp.fromDate(new Date(input.endsAt)),
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    firstOrderOnly: input.firstOrderOnly ?? false,
    paymentMethods: input.kind === 'no_cost_emi' ? ['ONLINE'] : input.paymentMethods ? [...new Set(input.paymentMethods)] : [],
    combinable: input.combinable,
  };
}

export async function createOffer(input: OfferInput, by: string): Promise<Offer> {
  const ref = offersCol().doc();
  await db.runTransaction(async (tx) => {
    if (input.code) {
      const taken = await tx.get(codeRef(input.code));
      if (taken.exists) throw conflict(codeTakenMessage(input.code));
      tx.create(codeRef(input.code), { offerId: ref.id });
    }
    const now = FieldValue.serverTimestamp();
    // No counters here: the uses are documents (uses.ts).
    tx.create(ref, { ...storedFields(input), createdBy: by, createdAt: now, updatedAt: now });
  });
  return counted(offerOf(await ref.get()));
}

/** The stored offer as an input again, for a PATCH to be merged into. */
function inputOf(o: Offer): Record<string, unknown> {
  return {
    code: o.code ?? undefined,
    title: o.title,
    kind: o.kind,
    value: o.kind === 'no_cost_emi' ? undefined : o.value,
    emiTenures: o.noCostEmi?.tenures,
    emiBanks: o.noCostEmi && o.noCostEmi.banks.length > 0 ? o.noCostEmi.banks : undefined,
    maxDiscount: o.maxDiscount ?? undefined,
    minOrder: o.minOrder ?? undefined,
    appliesTo: o.appliesTo ?? undefined,
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    usageLimit: o.usageLimit ?? undefined,
    perCustomerLimit: o.perCustomerLimit ?? undefined,
    firstOrderOnly: o.firstOrderOnly,
    paymentMethods: o.paymentMethods.length > 0 && o.kind !== 'no_cost_emi' ? o.paymentMethods : undefined,
    combinable: o.combinable,
  };
}

/** PATCH: the fields given replace the stored ones (null clears an optional one); the whole is checked again (400). */
export async function updateOffer(id: string, patch: Record<string, unknown>): Promise<Offer> {
  const ref = offersCol().doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(OFFER_NOT_FOUND);
    const current = offerOf(snap);
    const merged = { ...inputOf(current), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    const input = offerInputSchema.parse(merged);
    const newCode = input.code ?? null;
    if (newCode !== current.code) {
      if (newCode) {
        const taken = await tx.get(codeRef(newCode));
        if (taken.exists) throw conflict(codeTakenMessage(newCode));
        tx.create(codeRef(newCode), { offerId: id });
      }
      if (current.code) tx.delete(codeRef(current.code));
    }
    tx.update(ref, { ...storedFields(input), updatedAt: FieldValue.serverTimestamp() });
  });
  return counted(offerOf(await ref.get()));
}

/** The offer with its uses and the discount they got, counted from its use documents (uses.ts). */
async function counted(offer: Offer): Promise<Offer> {
  return (await withUses([offer], true))[0] ?? offer;
}

/** Every offer, newest first, with its uses and the discount it has given. */
export async function listOffers(): Promise<Offer[]> {
  const snap = await offersCol().orderBy('createdAt', 'desc').limit(500).get();
  return withUses(snap.docs.map(offerOf), true);
}
