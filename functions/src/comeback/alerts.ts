/**
 * Back-in-stock alerts (docs/comeback.md "Alerts"): `alerts/{id}`. A signed-in shopper's starts at
 * once (the tap is their consent for alerts by email, recorded with source `alert-signup`); a
 * visitor's waits for the confirm link mailed to the address given (double opt-in: the confirm
 * is the consent, kept on the alert). One mail when the variant is back in stock, then it ends.
 */
import { PRIVACY_NOTICE_VERSION, alertFromData, variantLabel, type AlertCreateInput, type AlertRecord } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { hasConsent, readMessageLink, setConsent, signMessageLink } from '../accounts/index.js';
import { PRODUCT_NOT_FOUND, chooseVariant, getProduct } from '../catalog/index.js';
import { mailGreeting, queueMail, renderMailBody } from '../mail/index.js';
import { db } from '../lib/admin.js';
import { now } from '../lib/clock.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { plainDoc } from '../lib/firestore-data.js';
import { absolute } from './messages.js';
import { alerts } from './store.js';

/** A shopper's (or an address's) alerts waiting at once: more is refused. */
export const MAX_OPEN_ALERTS = 50;
export const ALERT_NOT_FOUND = 'This alert does not exist';

const iso = (d: Date) => d.toISOString();

async function variantOf(productId: string, variantId: string | undefined) {
  try {
    const product = await getProduct(productId, { fresh: true });
    return { product, variant: chooseVariant(product, variantId) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404 && error.message === PRODUCT_NOT_FOUND) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

async function openAlertFor(field: 'uid' | 'email', value: string, variantId: string) {
  const snap = await alerts().where(field, '==', value).where('variantId', '==', variantId).get();
  return snap.docs.find((d) => d.get('status') !== 'ended' && (field === 'uid' || d.get('uid') === null)) ?? null;
}

async function refuseTooMany(field: 'uid' | 'email', value: string): Promise<void> {
  const open = (await alerts().where(field, '==', value).get()).docs.filter((d) => d.get('status') !== 'ended');
  if (open.length >= MAX_OPEN_ALERTS) throw badRequest(`You can have at most ${MAX_OPEN_ALERTS} alerts waiting at once`);
}

/** The double opt-in mail of a visitor's alert: a transactional message (asked for just now), with the confirm link. */
function confirmMail(alert: AlertRecord, at: Date) {
  const token = signMessageLink({ kind: 'confirm', subject: `alert:${alert._id}`, purpose: 'alerts', channel: 'email' });
  const body = renderMailBody({
    greeting: mailGreeting(''),
    paragraphs: [
      `Someone (we hope you) asked us to email ${alert.email} when ${alert.productName}${alert.variantLabel ? ` (${alert.variantLabel})` : ''} is back in stock.`,
      'Confirm, and we will send one mail when it is back. Nothing is sent until you confirm; if this was not you, ignore this mail.',
    ],
    link: { href: absolute(`/alerts/confirm?${new URLSearchParams({ token }).toString()}`), label: 'Confirm the alert' },
  });
  return {
    to: alert.email,
    message: { subject: 'Confirm your back-in-stock alert', ...body },
    kind: 'alert_confirm' as const,
    uid: '',
    createdAt: Timestamp.fromDate(at),
  };
}

/** POST /api/alerts: `uid` for a signed-in shopper (their account's email), else `input.email` (a visitor). */
export async function createAlert(caller: { uid: string; email: string } | null, input: AlertCreateInput): Promise<AlertRecord> {
  const { product, variant } = await variantOf(input.productId, input.variantId);
  if (variant.stock > 0) throw conflict('This bag is in stock: add it to your cart');
  const email = caller ? caller.email : input.email;
  if (!email)
    throw badRequest('Enter your email address to be told when it is back', [{ field: 'email', message: 'Enter your email address' }]);
  const at = now();
  const existing = caller ? await openAlertFor('uid', caller.uid, variant._id) : await openAlertFor('email', email, variant._id);
  if (existing) return alertFromData(existing.id, plainDoc(existing));
  await refuseTooMany(caller ? 'uid' : 'email', caller ? caller.uid : email);
  const ref = alerts().doc();
  const data = {
    kind: 'back-in-stock',
    uid: caller?.uid ?? null,
    email,
    channel: 'email',
    productId: product._id,
    variantId: variant._id,
    productName: product.name,
    variantLabel: variantLabel(product.options ?? [], variant),
    status: caller ? 'active' : 'pending',
    createdAt: Timestamp.fromDate(at),
    confirmedAt: null,
    consent: caller ? null : { noticeVersion: PRIVACY_NOTICE_VERSION, askedAt: Timestamp.fromDate(at), source: 'alert-signup' },
  };
  if (caller && !(await hasConsent(caller.uid, 'alerts', 'email')))
    await setConsent(caller.uid, { purpose: 'alerts', channel: 'email', granted: true, source: 'alert-signup' });
  const alert = alertFromData(ref.id, { ...data, createdAt: iso(at) });
  const batch = db.batch();
  batch.create(ref, data);
  if (!caller) queueMail(batch, confirmMail(alert, at));
  await batch.commit();
  return alert;
}

/** POST /api/alerts/confirm: the visitor's confirm link; the alert starts (their consent, with time and notice). */
export async function confirmAlert(token: string): Promise<AlertRecord> {
  const link = readMessageLink(token, 'confirm');
  const id = link.subject.replace(/^alert:/, '');
  const ref = alerts().doc(id);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This alert has ended or was removed');
    const alert = alertFromData(id, plainDoc(snap));
    if (alert.status !== 'pending') return alert;
    const at = Timestamp.fromDate(now());
    tx.update(ref, { status: 'active', confirmedAt: at, 'consent.grantedAt': at, 'consent.source': 'alert-confirm' });
    return { ...alert, status: 'active', confirmedAt: iso(at.toDate()) };
  });
}

/** GET /api/alerts: the caller's alerts, newest first. */
export async function listMyAlerts(uid: string): Promise<AlertRecord[]> {
  const snap = await alerts().where('uid', '==', uid).get();
  return snap.docs.map((d) => alertFromData(d.id, plainDoc(d))).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** DELETE /api/alerts/{id}: the owner's own (404 for anyone else's, as if it did not exist). */
export async function deleteMyAlert(uid: string, id: string): Promise<{ deleted: string }> {
  const ref = alerts().doc(id);
  const snap = await ref.get();
  if (!snap.exists || snap.get('uid') !== uid) throw notFound(ALERT_NOT_FOUND);
  await ref.delete();
  return { deleted: id };
}
