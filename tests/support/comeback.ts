// Helpers for the comeback flows' tests (docs/comeback.md): the sweep at a chosen time, mails of a flow.
import { FieldValue } from 'firebase-admin/firestore';
import { admin, api, catalogChanged, type TestUser } from './api';
import { functionUrl } from './emulators';

/** An instant in India: '2030-01-10T22:00' → that time IST. */
export const ist = (local: string) => new Date(`${local}:00+05:30`);

/** Runs the comeback sweep (its emulator twin) with `at` as the clock (`X-Bagshop-Test-Now`). */
export async function sweepAt(at: Date): Promise<unknown> {
  const url = (await functionUrl()).replace(/\/api$/, '/sendComebackMessagesEmulator');
  const res = await fetch(url, { method: 'POST', headers: { 'X-Bagshop-Test-Now': at.toISOString() } });
  if (!res.ok) throw new Error(`comeback sweep answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

export interface StoredMail {
  id: string;
  to: string;
  kind: string;
  flow?: string;
  uid: string;
  message: { subject: string; text: string; html: string; headers?: Record<string, string> };
}

/** The mails of one kind to `to`. */
export async function mailsTo(to: string, kind: string): Promise<StoredMail[]> {
  const snap = await admin().db.collection('mail').where('to', '==', to).get();
  return snap.docs.map((d) => ({ id: d.id, ...(d.data() as Omit<StoredMail, 'id'>) })).filter((m) => m.kind === kind);
}

/** The variant's stock, written as any restock would be (the sweep finds it wherever it came from). */
export async function setStock(variantId: string, stock: number): Promise<void> {
  await admin().db.doc(`variantStock/${variantId}`).set({ stock, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
  await catalogChanged();
}

/** An admin's price change (discount in ₹) through the API. */
export async function setDiscount(adminUser: TestUser, productId: string, discount: number): Promise<void> {
  const form = new FormData();
  form.append('discount', String(discount));
  const res = await api(`products/${productId}`, { method: 'PATCH', token: adminUser.idToken, rawBody: form });
  if (res.status !== 200) throw new Error(`PATCH product answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** The `token` of a link in a mail's text. */
export function tokenIn(text: string, path: string): string {
  const m = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([^\\s>]+)`).exec(text);
  if (!m?.[1]) throw new Error(`no ${path} link in: ${text.slice(0, 400)}`);
  return decodeURIComponent(m[1]);
}
