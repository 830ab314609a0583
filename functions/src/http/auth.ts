import type { Request } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from '../lib/admin.js';
import { forbidden, HttpError } from '../lib/errors.js';
import { issuedBeforeCutoff, sessionCutoffs, SIGN_IN_AGAIN, type SessionCutoffLookup } from '../lib/session-cutoffs.js';

export interface AuthUser {
  uid: string;
  email: string | null;
  /** 'admin' only after the token passed a revocation check (see `authGuards`). */
  role: 'admin' | 'customer';
  token: DecodedIdToken;
}

/** What the guards need of firebase-admin's Auth: verifying an ID token, optionally against revocation. */
export interface TokenVerifier {
  verifyIdToken(idToken: string, checkRevoked?: boolean): Promise<DecodedIdToken>;
}

export const SESSION_EXPIRED = 'Your session has expired, please sign in again';

/**
 * 401s say why in `WWW-Authenticate` (RFC 6750): `invalid_token` tells the SPA to refresh its ID
 * token (its role may have changed) and try once more before it signs the user out.
 */
const noToken = () => new HttpError(401, 'You are not logged in', undefined, { 'WWW-Authenticate': 'Bearer realm="bagshop"' });
const badToken = (message = SESSION_EXPIRED) =>
  new HttpError(401, message, undefined, { 'WWW-Authenticate': 'Bearer realm="bagshop", error="invalid_token"' });

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) return String((error as { code: unknown }).code);
  return error instanceof Error ? error.message : '';
}

function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The role claim the token says it carries, read WITHOUT verifying it: only to decide whether
 * the one verification must also check revocation. The verified claims decide the role.
 */
function claimedRole(idToken: string): unknown {
  try {
    const payload = idToken.split('.')[1] ?? '';
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

/**
 * The request guards (docs/security.md, "Admin rights end at once"). Every caller whose token
 * carries the admin claim is verified with revocation checked, whichever guard asks: so an
 * `AuthUser` with role 'admin' never comes from a revoked token, and every use of admin rights
 * (admin routes, and owner-or-admin checks such as reading or cancelling another's order) is
 * refused as soon as the admin is demoted (demotion revokes their tokens). Customers' tokens
 * are verified without the extra Auth lookup: they only ever reach their own data.
 */
export function authGuards(verifier: TokenVerifier, cutoffs: SessionCutoffLookup = sessionCutoffs) {
  const verified = new WeakMap<Request, Promise<AuthUser | null>>();

  async function verify(req: Request): Promise<AuthUser | null> {
    const idToken = bearerToken(req);
    if (!idToken) return null;
    let token: DecodedIdToken;
    try {
      const checkRevoked = claimedRole(idToken) === 'admin';
      token = await verifier.verifyIdToken(idToken, checkRevoked);
      // Cannot differ from the claim read above, but admin rights must never skip the check.
      if (token.role === 'admin' && !checkRevoked) token = await verifier.verifyIdToken(idToken, true);
    } catch (error) {
      // A revoked session (Firebase's own check) reads the same as one ended by our cutoff.
      throw badToken(/id-token-revoked/.test(errorCode(error)) ? SIGN_IN_AGAIN : SESSION_EXPIRED);
    }
    // Every signed-in request, shopper or admin: a token from before the user's last
    // "log out everywhere", password or email change is refused (lib/session-cutoffs.ts).
    if (issuedBeforeCutoff(token.auth_time, await cutoffs.notBefore(token.uid))) throw badToken(SIGN_IN_AGAIN);
    return { uid: token.uid, email: token.email ?? null, role: token.role === 'admin' ? 'admin' : 'customer', token };
  }

  /** The signed-in user, or null for an anonymous request. A bad or revoked token is still a 401. */
  function optionalUser(req: Request): Promise<AuthUser | null> {
    let pending = verified.get(req);
    if (!pending) {
      pending = verify(req);
      verified.set(req, pending);
    }
    return pending;
  }

  /** Throws 401 unless the request carries a valid ID token. */
  async function requireUser(req: Request): Promise<AuthUser> {
    const user = await optionalUser(req);
    if (!user) throw noToken();
    return user;
  }

  /** Throws 401/403 unless the caller is an admin whose token is not revoked. */
  async function requireAdmin(req: Request): Promise<AuthUser> {
    const user = await requireUser(req);
    if (user.role !== 'admin') throw forbidden();
    return user;
  }

  return { optionalUser, requireUser, requireAdmin };
}

export const { optionalUser, requireUser, requireAdmin } = authGuards(auth);
