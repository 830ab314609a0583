/**
 * "Sessions end when asked" (docs/accounts-privacy.md): the server keeps, per user, the moment
 * before which their sessions no longer count (`sessionCutoffs/{uid}.notBefore`, whole seconds
 * since the epoch, as Firebase's own `tokensValidAfterTime`). "Log out everywhere", a password
 * change or reset, an email change and a role change move it to now. Every signed-in request
 * compares the ID token's `auth_time` with it (http/auth.ts), through a short in-instance cache:
 * no network call per request, at most one Firestore read per user per CACHE_MS per instance.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { db } from './admin.js';

/** How long a user's cutoff is remembered by one instance (another instance learns a new one within this). */
export const CUTOFF_CACHE_MS = 30_000;

export const SIGN_IN_AGAIN = 'Please sign in again';

/** What the guards need: the user's cutoff in seconds, or null when they never ended their sessions. */
export interface SessionCutoffLookup {
  notBefore(uid: string): Promise<number | null>;
}

/**
 * True when a token signed in at `authTime` (seconds) was issued before the cutoff. Same second
 * counts as after, as Firebase's revocation check does: a sign-in right after "log out
 * everywhere" must work.
 */
export function issuedBeforeCutoff(authTime: number | undefined, notBefore: number | null): boolean {
  if (notBefore === null) return false;
  if (typeof authTime !== 'number' || !Number.isFinite(authTime)) return true;
  return authTime < notBefore;
}

const cutoffDoc = (uid: string) => db.collection('sessionCutoffs').doc(uid);

/** A cache in front of any lookup; `forget` drops one user (this instance wrote a new cutoff). */
export function cachedLookup(source: (uid: string) => Promise<number | null>, ttlMs = CUTOFF_CACHE_MS, now: () => number = Date.now) {
  const entries = new Map<string, { value: number | null; until: number }>();
  return {
    async notBefore(uid: string): Promise<number | null> {
      const hit = entries.get(uid);
      if (hit && hit.until > now()) return hit.value;
      const value = await source(uid);
      if (entries.size > 50_000) entries.clear();
      entries.set(uid, { value, until: now() + ttlMs });
      return value;
    },
    forget(uid: string): void {
      entries.delete(uid);
    },
  };
}

export const sessionCutoffs = cachedLookup(async (uid) => {
  const snap = await cutoffDoc(uid).get();
  const value = snap.get('notBefore') as unknown;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
});

/** Ends every session of `uid` that signed in before now (this second). */
export async function endSessions(uid: string, reason: string, at = Date.now()): Promise<void> {
  await cutoffDoc(uid).set({ notBefore: Math.floor(at / 1000), reason, updatedAt: FieldValue.serverTimestamp() });
  sessionCutoffs.forget(uid);
}
