// Helpers for the accounts and cart API tests: Google users, reset codes, refresh tokens,
// throwaway products, the failure-envelope check, and waiting out token revocation's second.
import { expect, vi } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { admin, catalogChanged, type ApiResult } from './api';
import { authUrl, PROJECT_ID } from './emulators';

/** Signs in on the Auth emulator with an (unsigned, emulator-only) Google credential. */
export async function googleSignIn(claims: { sub: string; email: string; name?: string }): Promise<{ uid: string; idToken: string }> {
  const idToken = JSON.stringify({ ...claims, email_verified: true });
  const res = await fetch(`${await authUrl()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
      returnIdpCredential: true,
    }),
  });
  const json = (await res.json()) as { localId: string; idToken: string; error?: { message: string } };
  if (!res.ok) throw new Error(`signInWithIdp failed: ${json.error?.message ?? res.status}`);
  return { uid: json.localId, idToken: json.idToken };
}

/** The reset codes the Auth emulator recorded for an email, newest last. */
export async function passwordResetCodes(email: string): Promise<string[]> {
  const res = await fetch(`${await authUrl()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const json = (await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  return json.oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').map((c) => c.oobCode);
}

/** Exchanges a refresh token for a new ID token; the status tells whether the session still lives. */
export async function refresh(refreshToken: string): Promise<number> {
  const res = await fetch(`${await authUrl()}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
  });
  await res.text();
  return res.status;
}

let productCounter = 0;

/** A product written straight into Firestore (the products API belongs to another suite). */
export async function createProduct(
  options: { stock?: number; name?: string; price?: number } = {},
): Promise<{ id: string; name: string }> {
  productCounter += 1;
  const name = options.name ?? `Test Bag ${Date.now().toString(36)}-${productCounter}`;
  const ref = admin().db.collection('products').doc();
  await ref.set({
    name,
    description: 'A bag made for a test.',
    price: options.price ?? 2000,
    discount: 200,
    category: 'backpacks',
    stock: options.stock ?? 5,
    image: { url: '/api/images/none', hash: 'none' },
    // Listed, with complete declarations (docs/legal-metrology.md).
    published: true,
    declarations: {
      genericName: 'Backpack',
      netQuantity: { value: 1, unit: 'N' },
      manufacturer: { name: 'Test Bags Pvt. Ltd.', address: 'Plot 1, Industrial Area, Pune, Maharashtra 411001' },
    },
    dimensionsCm: { l: 30, b: 18, h: 45 },
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
  await catalogChanged();
  return { id: ref.id, name };
}

/** The quantity of one cart line in Firestore (0 when there is no line). */
export async function cartQuantity(uid: string, productId: string): Promise<number> {
  const snap = await admin().db.doc(`users/${uid}/cart/${productId}`).get();
  return snap.exists ? Number(snap.get('quantity')) : 0;
}

type Envelope = { success?: unknown; message?: unknown };

/** A 4xx in the API's failure envelope with a readable message. */
export function expectFailure(res: ApiResult<unknown>, status?: number): void {
  const body = res.body as Envelope;
  const context = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  if (status !== undefined) expect(res.status, context).toBe(status);
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  expect(body, context).toMatchObject({ success: false });
  expect(typeof body.message, context).toBe('string');
  expect((body.message as string).length, context).toBeGreaterThan(0);
}

/** When the ID token's user signed in (`auth_time`, Unix seconds). */
export function authTimeOf(idToken: string): number {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time?: unknown };
  if (typeof payload.auth_time !== 'number') throw new Error('ID token without auth_time');
  return payload.auth_time;
}

/**
 * Token revocation has one-second resolution: Firebase refuses a token only when the user
 * signed in before the revocation's whole second (auth_time < tokensValidAfterTime). Waits
 * until the clock has moved past the second in which this token's user signed in, so a
 * revocation from now on refuses it.
 */
export async function untilRevocableAfter(idToken: string): Promise<void> {
  const signedIn = authTimeOf(idToken);
  await vi.waitFor(
    () => {
      if (Math.floor(Date.now() / 1000) <= signedIn) throw new Error('still in the second of the sign-in');
    },
    { timeout: 2_000, interval: 20 },
  );
}
