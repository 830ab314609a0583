import type { Request } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/errors.js';

// The guards are tested with a fake verifier; firebase-admin is not needed.
vi.mock('../lib/admin.js', () => ({ auth: {}, db: {} }));
const { authGuards } = await import('./auth.js');

/** A JWT-shaped string whose (unverified) payload says `claims`. */
function jwt(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

function request(token?: string): Request {
  return { get: (name: string) => (name.toLowerCase() === 'authorization' && token ? `Bearer ${token}` : undefined) } as unknown as Request;
}

interface Call {
  token: string;
  checkRevoked: boolean;
}

/**
 * A verifier that records what it was asked for. `decoded` is what verification yields per
 * token; tokens in `revoked` fail when (and only when) revocation is checked, as firebase-admin's do.
 */
function fakeVerifier(decoded: Record<string, Partial<DecodedIdToken>>, revoked: string[] = []) {
  const calls: Call[] = [];
  const verifier = {
    verifyIdToken: async (token: string, checkRevoked = false): Promise<DecodedIdToken> => {
      calls.push({ token, checkRevoked });
      const claims = decoded[token];
      if (!claims) throw new Error('auth/argument-error');
      if (checkRevoked && revoked.includes(token)) throw new Error('auth/id-token-revoked');
      return { uid: 'u1', ...claims } as DecodedIdToken;
    },
  };
  return { verifier, calls };
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the guard to refuse');
}

/** Nobody ever ended their sessions. */
const noCutoffs = { notBefore: async () => null };

const adminToken = jwt({ uid: 'a1', role: 'admin' });
const shopperToken = jwt({ uid: 's1' });

describe('auth guards: admin rights always come from a revocation-checked token', () => {
  it('verifies an admin token with checkRevoked for requireUser too (owner-or-admin routes such as GET /api/order/{id})', async () => {
    const { verifier, calls } = fakeVerifier({ [adminToken]: { uid: 'a1', role: 'admin' } });
    const user = await authGuards(verifier, noCutoffs).requireUser(request(adminToken));
    expect(user.role).toBe('admin');
    expect(calls).toEqual([{ token: adminToken, checkRevoked: true }]);
  });

  it('verifies an admin token with checkRevoked for requireAdmin and optionalUser', async () => {
    for (const guard of ['requireAdmin', 'optionalUser'] as const) {
      const { verifier, calls } = fakeVerifier({ [adminToken]: { uid: 'a1', role: 'admin' } });
      expect((await authGuards(verifier, noCutoffs)[guard](request(adminToken)))?.role).toBe('admin');
      expect(calls).toEqual([{ token: adminToken, checkRevoked: true }]);
    }
  });

  it('refuses a revoked admin token with 401 and WWW-Authenticate invalid_token, whichever guard asks', async () => {
    for (const guard of ['requireUser', 'requireAdmin', 'optionalUser'] as const) {
      const { verifier } = fakeVerifier({ [adminToken]: { uid: 'a1', role: 'admin' } }, [adminToken]);
      const error = await failure(authGuards(verifier, noCutoffs)[guard](request(adminToken)));
      expect(error.status).toBe(401);
      expect(error.message).toBe('Please sign in again');
      expect(error.headers?.['WWW-Authenticate']).toContain('error="invalid_token"');
    }
  });

  it('checks revocation again when the verified claims say admin but the unverified payload did not', async () => {
    const lying = jwt({ uid: 'a1' });
    const { verifier, calls } = fakeVerifier({ [lying]: { uid: 'a1', role: 'admin' } }, [lying]);
    expect((await failure(authGuards(verifier, noCutoffs).requireUser(request(lying)))).status).toBe(401);
    expect(calls).toEqual([
      { token: lying, checkRevoked: false },
      { token: lying, checkRevoked: true },
    ]);
  });

  it('verifies a shopper token once, without the revocation lookup; requireAdmin answers 403', async () => {
    const { verifier, calls } = fakeVerifier({ [shopperToken]: { uid: 's1' } });
    const guards = authGuards(verifier, noCutoffs);
    const req = request(shopperToken);
    expect((await guards.requireUser(req)).role).toBe('customer');
    expect((await failure(guards.requireAdmin(req))).status).toBe(403);
    expect(calls).toEqual([{ token: shopperToken, checkRevoked: false }]);
  });

  it('a shopper token claiming role "admin" unverified, and failing verification, is a 401', async () => {
    const forged = jwt({ uid: 's1', role: 'admin' });
    const { verifier } = fakeVerifier({});
    expect((await failure(authGuards(verifier, noCutoffs).requireAdmin(request(forged)))).status).toBe(401);
  });

  it('no token: requireUser 401 without invalid_token (nothing to refresh), optionalUser null', async () => {
    const { verifier, calls } = fakeVerifier({});
    const guards = authGuards(verifier, noCutoffs);
    const error = await failure(guards.requireUser(request()));
    expect(error.status).toBe(401);
    expect(error.headers?.['WWW-Authenticate']).not.toContain('invalid_token');
    expect(await guards.optionalUser(request())).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('auth guards: sessions end at the per-user cutoff (lib/session-cutoffs.ts), without a revocation check', () => {
  const cutoffAt = (seconds: number | null) => ({
    asked: [] as string[],
    notBefore: async function (this: { asked: string[] }, uid: string) {
      this.asked.push(uid);
      return seconds;
    },
  });

  it('refuses a shopper token signed in before the cutoff with 401 "Please sign in again", though the verifier never checked revocation', async () => {
    const old = jwt({ uid: 's1' });
    const { verifier, calls } = fakeVerifier({ [old]: { uid: 's1', auth_time: 1_000 } });
    const cutoffs = cutoffAt(1_001);
    const error = await failure(authGuards(verifier, cutoffs).requireUser(request(old)));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Please sign in again');
    expect(error.headers?.['WWW-Authenticate']).toContain('error="invalid_token"');
    expect(calls).toEqual([{ token: old, checkRevoked: false }]);
    expect(cutoffs.asked).toEqual(['s1']);
  });

  it('accepts a token signed in at or after the cutoff, and any token when there is none', async () => {
    const token = jwt({ uid: 's1' });
    const { verifier } = fakeVerifier({ [token]: { uid: 's1', auth_time: 1_001 } });
    expect((await authGuards(verifier, cutoffAt(1_001)).requireUser(request(token))).uid).toBe('s1');
    expect((await authGuards(verifier, cutoffAt(900)).requireUser(request(token))).uid).toBe('s1');
    expect((await authGuards(verifier, cutoffAt(null)).requireUser(request(token))).uid).toBe('s1');
  });

  it('applies to optionalUser and admin tokens too', async () => {
    const { verifier } = fakeVerifier({
      [shopperToken]: { uid: 's1', auth_time: 5 },
      [adminToken]: { uid: 'a1', role: 'admin', auth_time: 5 },
    });
    expect((await failure(authGuards(verifier, cutoffAt(6)).optionalUser(request(shopperToken)))).message).toBe('Please sign in again');
    expect((await failure(authGuards(verifier, cutoffAt(6)).requireAdmin(request(adminToken)))).message).toBe('Please sign in again');
  });

  it('answers a token Firebase reports revoked with the same message', async () => {
    const { verifier } = fakeVerifier({ [adminToken]: { uid: 'a1', role: 'admin' } }, [adminToken]);
    expect((await failure(authGuards(verifier, noCutoffs).requireUser(request(adminToken)))).message).toBe('Please sign in again');
  });
});
