import type { Request } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/errors.js';

// The guards are tested with a fake verifier; firebase-admin is not needed.
vi.mock('../lib/admin.js', () => ({ auth: {}, db: {} }));
const { authGuards, SESSION_EXPIRED } = await import('./auth.js');

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

const adminToken = jwt({ uid: 'a1', role: 'admin' });
const shopperToken = jwt({ uid: 's1' });

describe('auth guards: admin rights always come from a revocation-checked token', () => {
  it('verifies an admin token with checkRevoked for requireUser too (owner-or-admin routes such as GET /api/order/{id})', async () => {
    const { verifier, calls } = fakeVerifier({ [adminToken]: { uid: 'a1', role: 'admin' } });
    const user = await authGuards(verifier).requireUser(request(adminToken));
    expect(user.role).toBe('admin');
    expect(calls).toEqual([{ token: adminToken, checkRevoked: true }]);
  });

  it('verifies an admin token with checkRevoked for requireAdmin and optionalUser', async () => {
    for (const guard of ['requireAdmin', 'optionalUser'] as const) {
      const { verifier, calls } = fakeVerifier({ [adminToken]: { uid: 'a1', role: 'admin' } });
      expect((await authGuards(verifier)[guard](request(adminToken)))?.role).toBe('admin');
      expect(calls).toEqual([{ token: adminToken, checkRevoked: true }]);
    }
  });

  it('refuses a revoked admin token with 401 and WWW-Authenticate invalid_token, whichever guard asks', async () => {
    for (const guard of ['requireUser', 'requireAdmin', 'optionalUser'] as const) {
      const { verifier } = fakeVerifier({ [adminToken]: { uid: 'a1', role: 'admin' } }, [adminToken]);
      const error = await failure(authGuards(verifier)[guard](request(adminToken)));
      expect(error.status).toBe(401);
      expect(error.message).toBe(SESSION_EXPIRED);
      expect(error.headers?.['WWW-Authenticate']).toContain('error="invalid_token"');
    }
  });

  it('checks revocation again when the verified claims say admin but the unverified payload did not', async () => {
    const lying = jwt({ uid: 'a1' });
    const { verifier, calls } = fakeVerifier({ [lying]: { uid: 'a1', role: 'admin' } }, [lying]);
    expect((await failure(authGuards(verifier).requireUser(request(lying)))).status).toBe(401);
    expect(calls).toEqual([
      { token: lying, checkRevoked: false },
      { token: lying, checkRevoked: true },
    ]);
  });

  it('verifies a shopper token once, without the revocation lookup; requireAdmin answers 403', async () => {
    const { verifier, calls } = fakeVerifier({ [shopperToken]: { uid: 's1' } });
    const guards = authGuards(verifier);
    const req = request(shopperToken);
    expect((await guards.requireUser(req)).role).toBe('customer');
    expect((await failure(guards.requireAdmin(req))).status).toBe(403);
    expect(calls).toEqual([{ token: shopperToken, checkRevoked: false }]);
  });

  it('a shopper token claiming role "admin" unverified, and failing verification, is a 401', async () => {
    const forged = jwt({ uid: 's1', role: 'admin' });
    const { verifier } = fakeVerifier({});
    expect((await failure(authGuards(verifier).requireAdmin(request(forged)))).status).toBe(401);
  });

  it('no token: requireUser 401 without invalid_token (nothing to refresh), optionalUser null', async () => {
    const { verifier, calls } = fakeVerifier({});
    const guards = authGuards(verifier);
    const error = await failure(guards.requireUser(request()));
    expect(error.status).toBe(401);
    expect(error.headers?.['WWW-Authenticate']).not.toContain('invalid_token');
    expect(await guards.optionalUser(request())).toBeNull();
    expect(calls).toEqual([]);
  });
});
