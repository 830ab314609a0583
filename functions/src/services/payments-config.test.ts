import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors.js';
import { PAYMENTS_NOT_CONFIGURED, stripe, stripeConfigured } from '../lib/stripe.js';
import { placeOrder } from './orders.js';

// The emulator suite runs with a Stripe key (the stand-in); these cover the shop without one.
describe('without STRIPE_SECRET_KEY', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.STRIPE_SECRET_KEY;
    else process.env.STRIPE_SECRET_KEY = saved;
  });

  it('card payments are "not configured" (503)', async () => {
    expect(stripeConfigured()).toBe(false);
    await expect(stripe()).rejects.toMatchObject({ status: 503, message: PAYMENTS_NOT_CONFIGURED });
  });

  it('an ONLINE order is refused with 503 before anything is read or written', async () => {
    // No Firestore is running here: reaching the database would fail differently.
    const error = await placeOrder({ uid: 'u1', email: null, role: 'customer' }, { paymentMethod: 'ONLINE', addressId: 'a1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: 'Online payments are not configured' });
  });

  it('a blank key counts as no key', () => {
    process.env.STRIPE_SECRET_KEY = '   ';
    expect(stripeConfigured()).toBe(false);
  });
});

describe('with a key', () => {
  it('builds the real client pointed at STRIPE_API_BASE', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
    process.env.STRIPE_API_BASE = 'http://127.0.0.1:12999';
    try {
      const client = await stripe();
      expect(typeof client.checkout.sessions.create).toBe('function');
      expect(await stripe()).toBe(client);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_API_BASE;
    }
  });
});
