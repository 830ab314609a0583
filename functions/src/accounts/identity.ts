// The Firebase Auth REST API (Identity Toolkit) for what the Admin SDK cannot do: check a
// password, send a reset code, apply a reset code. On the emulators it is the Auth
// emulator's copy of the same API; in production it needs the project's Web API key.
import { serverConfig } from '../config.js';
import { HttpError } from '../lib/errors.js';

// The project's Web API key (WEB_API_KEY in config.ts; not a secret: the SPA ships it too).
// `firebase deploy` asks for it; on the emulators functions/.env.local sets a placeholder, unused.
function endpoint(method: string): string {
  const { authEmulatorHost: emulator, webApiKey: key } = serverConfig();
  if (emulator) return `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=emulator`;
  if (!key) throw new HttpError(503, 'Password sign-in for API clients is not configured');
  return `https://identitytoolkit.googleapis.com/v1/accounts:${method}?key=${encodeURIComponent(key)}`;
}

/** A failure answered by the Identity Toolkit, e.g. INVALID_LOGIN_CREDENTIALS. */
export class IdentityError extends Error {
  constructor(readonly code: string) {
    super(`Identity Toolkit: ${code}`);
    this.name = 'IdentityError';
  }
}

async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(endpoint(method), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!res.ok) {
    // Messages look like 'INVALID_PASSWORD' or 'WEAK_PASSWORD : Password should be at least 6 characters'.
    const code = (json.error?.message ?? `HTTP_${res.status}`).split(/\s|:/)[0] ?? 'UNKNOWN';
    throw new IdentityError(code);
  }
  return json;
}

export interface PasswordSignIn {
  uid: string;
  idToken: string;
  refreshToken: string;
  /** Seconds the ID token is valid for. */
  expiresIn: number;
}

const BAD_CREDENTIALS = new Set(['INVALID_LOGIN_CREDENTIALS', 'EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_EMAIL', 'MISSING_PASSWORD']);

/** Email + password sign-in; null when the credentials are wrong (or the user has no password). */
export async function signInWithPassword(email: string, password: string): Promise<PasswordSignIn | null> {
  try {
    const r = await call<{ localId: string; idToken: string; refreshToken: string; expiresIn: string }>('signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    });
    return { uid: r.localId, idToken: r.idToken, refreshToken: r.refreshToken, expiresIn: Number(r.expiresIn) };
  } catch (error) {
    if (error instanceof IdentityError) {
      if (BAD_CREDENTIALS.has(error.code)) return null;
      if (error.code === 'USER_DISABLED') throw new HttpError(403, 'This account has been disabled');
      if (error.code === 'TOO_MANY_ATTEMPTS_TRY_LATER') {
        throw new HttpError(429, 'Too many attempts, please try again later', undefined, { 'Retry-After': '300' });
      }
    }
    throw error;
  }
}

/** Sends Firebase's password-reset email. Unknown emails are not an error (nothing is revealed). */
export async function sendPasswordResetCode(email: string): Promise<void> {
  try {
    await call('sendOobCode', { requestType: 'PASSWORD_RESET', email });
  } catch (error) {
    if (error instanceof IdentityError && (error.code === 'EMAIL_NOT_FOUND' || error.code === 'USER_DISABLED')) return;
    throw error;
  }
}

/** Applies a password-reset code; the account's email, or null when the code is invalid, used or expired. */
export async function resetPasswordWithCode(oobCode: string, newPassword: string): Promise<string | null> {
  try {
    const r = await call<{ email?: string }>('resetPassword', { oobCode, newPassword });
    return r.email ?? '';
  } catch (error) {
    if (error instanceof IdentityError && /OOB_CODE|USER_DISABLED|USER_NOT_FOUND/.test(error.code)) return null;
    throw error;
  }
}

/**
 * Applies an email action code (verify the email, or verify-and-change to a new one): the
 * account's uid (when answered) and email as they are now; null for a bad, used or expired code.
 */
export async function applyEmailActionCode(oobCode: string): Promise<{ uid: string | null; email: string } | null> {
  try {
    const r = await call<{ localId?: string; email?: string }>('update', { oobCode });
    return { uid: r.localId ?? null, email: (r.email ?? '').toLowerCase() };
  } catch (error) {
    if (error instanceof IdentityError && /OOB_CODE|USER_DISABLED|USER_NOT_FOUND|EMAIL_EXISTS/.test(error.code)) return null;
    throw error;
  }
}

/**
 * Firebase Auth's phone provider: sends a one-time code by SMS (the Auth emulator only records
 * it: GET /emulator/v1/projects/{project}/verificationCodes). In production Firebase requires app
 * verification: the client's reCAPTCHA token is passed through. Answers the `sessionInfo` to verify with.
 */
export async function sendPhoneCode(phoneNumber: string, recaptchaToken?: string): Promise<string> {
  const r = await call<{ sessionInfo: string }>('sendVerificationCode', { phoneNumber, ...(recaptchaToken ? { recaptchaToken } : {}) });
  return r.sessionInfo;
}

/**
 * Checks the code and links the phone number to the signed-in account (`idToken`): it becomes
 * the Auth user's verified `phoneNumber`. Throws IdentityError (INVALID_CODE, SESSION_EXPIRED,
 * PHONE_NUMBER_EXISTS…) otherwise; answers the linked number.
 */
export async function linkPhoneWithCode(idToken: string, sessionInfo: string, code: string): Promise<string> {
  const r = await call<{ phoneNumber?: string; temporaryProof?: string }>('signInWithPhoneNumber', { idToken, sessionInfo, code });
  if (r.temporaryProof || !r.phoneNumber) throw new IdentityError('PHONE_NUMBER_EXISTS');
  return r.phoneNumber;
}
