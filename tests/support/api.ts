// Shared helpers for tests that talk to the API and Auth emulator as real clients do.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { authUrl, hostingUrl, PROJECT_ID } from './emulators';

/** Admin SDK pointed at the emulators (env set by `firebase emulators:exec`). */
export function admin() {
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return { auth: getAuth(app), db: getFirestore(app) };
}

/**
 * A test that writes product documents straight into Firestore tells the function instances,
 * as every API write does, by raising the catalogue version (functions/src/catalog/version.ts).
 */
export async function catalogChanged(): Promise<void> {
  await admin()
    .db.doc('meta/catalog')
    .set({ version: FieldValue.increment(1), changedAt: FieldValue.serverTimestamp() }, { merge: true });
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

let counter = 0;
/** A unique email per call, so tests never collide with each other or the demo data. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@test.bagshop.test`;
}

async function identityToolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${await authUrl()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`accounts:${method} failed: ${json.error?.message ?? res.status}`);
  return json;
}

/** Signs in with email + password on the Auth emulator; a fresh ID token carries current claims. */
export async function signIn(email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const r = await identityToolkit<{ localId: string; idToken: string }>('signInWithPassword', { email, password });
  return { uid: r.localId, idToken: r.idToken };
}

/**
 * A user made directly in the Auth emulator (with a profile document, as signup makes),
 * optionally with the admin claim.
 */
export async function createTestUser(
  options: { role?: 'admin' | 'customer'; firstname?: string; email?: string; verifiedPhone?: boolean; emailVerified?: boolean } = {},
): Promise<TestUser & { phone: string | null }> {
  const email = options.email ?? uniqueEmail(options.role ?? 'shopper');
  const password = 'Secret@123';
  const { auth, db } = admin();
  // Test users have a verified phone unless asked otherwise: cash on delivery needs one
  // (COD_PHONE_VERIFICATION=required, the default, is what tests run with). Admins' emails are verified.
  const withPhone = options.verifiedPhone ?? true;
  let user: Awaited<ReturnType<typeof auth.createUser>> | undefined;
  let phone: string | null = null;
  for (let attempt = 0; !user; attempt += 1) {
    phone = withPhone ? uniquePhone() : null;
    try {
      user = await auth.createUser({
        email,
        password,
        displayName: `${options.firstname ?? 'Test'} User`,
        emailVerified: options.emailVerified ?? options.role === 'admin',
        ...(phone ? { phoneNumber: phone } : {}),
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/phone-number-already-exists' || attempt > 5) throw error;
    }
  }
  if (options.role === 'admin') {
    await auth.setCustomUserClaims(user.uid, { role: 'admin' });
    await db.doc(`admins/${user.uid}`).set({ email, grantedBy: 'test', grantedAt: new Date() });
  }
  await db.doc(`users/${user.uid}`).set({
    fullname: { firstname: options.firstname ?? 'Test', lastname: 'User' },
    email,
    phonenumber: phone ? phone.slice(3) : '9000000000',
    role: options.role ?? 'customer',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const { idToken } = await signIn(email, password);
  return { uid: user.uid, email, password, idToken, phone };
}

/** A random Indian mobile number in E.164 (+91 and ten digits starting 6–9). */
export function uniquePhone(): string {
  const first = 6 + Math.floor(Math.random() * 4);
  return `+91${first}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the API through Hosting, as the browser does. `body` objects are sent as JSON. */
export async function api<T = { success: boolean; data?: unknown; message?: string; errors?: { field: string; message: string }[] }>(
  path: string,
  options: { method?: string; token?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${await hostingUrl()}/api/${path.replace(/^\/+/, '')}`, { method: options.method ?? 'GET', headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (images): keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}
