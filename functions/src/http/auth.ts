import type { Request } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from '../lib/admin.js';
import { forbidden, unauthorized } from '../lib/errors.js';

export interface AuthUser {
  uid: string;
  email: string | null;
  role: 'admin' | 'customer';
  token: DecodedIdToken;
}

const verified = new WeakMap<Request, Promise<AuthUser | null>>();

function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

async function verify(req: Request, checkRevoked: boolean): Promise<AuthUser | null> {
  const idToken = bearerToken(req);
  if (!idToken) return null;
  try {
    const token = await auth.verifyIdToken(idToken, checkRevoked);
    return { uid: token.uid, email: token.email ?? null, role: token.role === 'admin' ? 'admin' : 'customer', token };
  } catch {
    throw unauthorized('Your session has expired, please sign in again');
  }
}

/** The signed-in user, or null for an anonymous request. A bad token is still a 401. */
export function optionalUser(req: Request): Promise<AuthUser | null> {
  let pending = verified.get(req);
  if (!pending) {
    pending = verify(req, false);
    verified.set(req, pending);
  }
  return pending;
}

/** Throws 401 unless the request carries a valid ID token. */
export async function requireUser(req: Request): Promise<AuthUser> {
  const user = await optionalUser(req);
  if (!user) throw unauthorized();
  return user;
}

/**
 * Throws 401/403 unless the caller is an admin. Checks revocation, so an admin whose
 * sessions were revoked (or whose claim was removed and tokens revoked) is refused at once.
 */
export async function requireAdmin(req: Request): Promise<AuthUser> {
  const user = await verify(req, true);
  if (!user) throw unauthorized();
  // Later reads of the caller (the error handler's log line) reuse this check.
  verified.set(req, Promise.resolve(user));
  if (user.role !== 'admin') throw forbidden();
  return user;
}
