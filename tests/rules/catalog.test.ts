import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

// A project of its own, so clearing it never touches the API tests' data.
const PROJECT = 'demo-bagshop-rules';
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({ projectId: PROJECT, firestore: { rules: readFileSync('firestore.rules', 'utf8') } });
});
afterAll(async () => env?.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore(), 'products/p1'), { name: 'Trolley', price: 4999, stock: 5 });
  });
});

describe('products', () => {
  it('anyone can read a product', async () => {
    await assertSucceeds(getDoc(doc(env.unauthenticatedContext().firestore(), 'products/p1')));
  });
  it('no client can write a price, not even an admin', async () => {
    await assertFails(setDoc(doc(env.unauthenticatedContext().firestore(), 'products/p1'), { price: 1 }));
    await assertFails(setDoc(doc(env.authenticatedContext('admin', { role: 'admin' }).firestore(), 'products/p1'), { price: 1 }));
  });
});
