// Order list queries: a shopper may list only their own orders, at most 50 at a time;
// an admin may list any orders. Rules check the query, not the results, so an
// unfiltered query is refused even when every matching order would be the caller's.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, getDocs, limit, orderBy, query, where, type Firestore, type Query } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { db, PERSONAS, personaUid, UID, type Persona } from '../support/env.ts';

const signedIn = PERSONAS.filter((p) => p !== 'anonymous');
const adminOnly: readonly Persona[] = ['admin (claim)'];

/** "Own" for a persona; anonymous has no uid, so it tries shopper A's. */
const own = (persona: Persona) => personaUid[persona] ?? UID.shopperA;
/** Somebody else's uid. */
const other = (persona: Persona) => (persona === 'shopper A' ? UID.shopperB : UID.shopperA);

const orders = (fs: Firestore) => collection(fs, 'orders');

interface ListCase {
  name: string;
  query: (fs: Firestore, persona: Persona) => Query;
  allowed: readonly Persona[];
}

const CASES: ListCase[] = [
  { name: 'all orders, no filter, no limit', query: (fs) => orders(fs), allowed: adminOnly },
  { name: 'all orders, no filter, limit 50', query: (fs) => query(orders(fs), limit(50)), allowed: adminOnly },
  { name: 'own orders, no limit', query: (fs, p) => query(orders(fs), where('userId', '==', own(p))), allowed: adminOnly },
  { name: 'own orders, limit 50', query: (fs, p) => query(orders(fs), where('userId', '==', own(p)), limit(50)), allowed: signedIn },
  { name: 'own orders, limit 51', query: (fs, p) => query(orders(fs), where('userId', '==', own(p)), limit(51)), allowed: adminOnly },
  { name: 'own orders, limit 500', query: (fs, p) => query(orders(fs), where('userId', '==', own(p)), limit(500)), allowed: adminOnly },
  {
    name: 'own orders, newest first, limit 50',
    query: (fs, p) => query(orders(fs), where('userId', '==', own(p)), orderBy('createdAt', 'desc'), limit(50)),
    allowed: signedIn,
  },
  {
    name: "someone else's orders, limit 50",
    query: (fs, p) => query(orders(fs), where('userId', '==', other(p)), limit(50)),
    allowed: adminOnly,
  },
  {
    name: "own or someone else's (userId in [...]), limit 50",
    query: (fs, p) => query(orders(fs), where('userId', 'in', [own(p), other(p)]), limit(50)),
    allowed: adminOnly,
  },
  {
    name: 'pending orders of everyone, limit 50',
    query: (fs) => query(orders(fs), where('status', '==', 'pending'), limit(50)),
    allowed: adminOnly,
  },
  {
    name: 'all orders, newest first, limit 500',
    query: (fs) => query(orders(fs), orderBy('createdAt', 'desc'), limit(500)),
    allowed: adminOnly,
  },
];

export function describeOrderLists(): void {
  describe('order list queries: owner filter and page size', () => {
    for (const c of CASES) {
      describe(c.name, () => {
        const rows = PERSONAS.map((persona) => ({ persona, expected: c.allowed.includes(persona) ? 'allowed' : 'denied' }));
        it.each(rows)('by $persona → $expected', async ({ persona, expected }) => {
          const result = getDocs(c.query(db(persona), persona));
          if (expected === 'allowed') await assertSucceeds(result);
          else await assertFails(result);
        });
      });
    }
  });
}
