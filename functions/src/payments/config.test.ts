import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetServerConfig } from '../config.js';
import { HttpError } from '../lib/errors.js';
import { PAYMENTS_NOT_CONFIGURED, stripe, stripeConfigured } from './stripe-client.js';
import { placeOrder } from '../orders/place.js';

// The settings come from process.env, read once (config.ts): each case sets them, then forgets.
const KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'APP_ORIGIN',
  'FUNCTIONS_EMULATOR',
  'PAYMENT_PROVIDER',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
] as const;
let saved: Partial<Record<(typeof KEYS)[number], string>> = {};
beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  for (const k of KEYS) delete process.env[k];
  resetServerConfig();
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetServerConfig();
});

describe('without STRIPE_SECRET_KEY', () => {
  it('card payments are "not configured" (503)', async () => {
    process.env.APP_ORIGIN = 'https://shop.example.in';
    expect(stripeConfigured()).toBe(false);
    await expect(stripe()).rejects.toMatchObject({ status: 503, message: PAYMENTS_NOT_CONFIGURED });
  });

  it('an ONLINE order is refused with 503 before anything is read or written', async () => {
    // No Firestore is running here: reaching the database would fail differently.
    const error = await placeOrder({ uid: 'u1', email: null, role: 'customer' }, { paymentMethod: 'ONLINE', addressId: 'a1' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: 'Online payments are not configured' });
  });

  it('a blank key counts as no key', () => {
    process.env.STRIPE_SECRET_KEY = '   ';
    process.env.APP_ORIGIN = 'https://shop.example.in';
    expect(stripeConfigured()).toBe(false);
  });
});

describe('with a key', () => {
  it('but no APP_ORIGIN in production: 503, never a guess from the request', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
    expect(stripeConfigured()).toBe(false);
    await expect(stripe()).rejects.toMatchObject({ status: 503 });
  });

  it('but no webhook secret: 503 "Online payments are not configured", and an ONLINE order is refused (issue 24)', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
    process.env.APP_ORIGIN = 'https://shop.example.in';
    expect(stripeConfigured()).toBe(false);
    await expect(stripe()).rejects.toMatchObject({ status: 503, message: PAYMENTS_NOT_CONFIGURED });
    const error = await placeOrder({ uid: 'u1', email: null, role: 'customer' }, { paymentMethod: 'ONLINE', addressId: 'a1' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 503, message: 'Online payments are not configured' });
  });

  it('Razorpay without its webhook secret: 503 too', async () => {
    process.env.PAYMENT_PROVIDER = 'razorpay';
    process.env.RAZORPAY_KEY_ID = 'rzp_test_unit';
    process.env.RAZORPAY_KEY_SECRET = 'secret';
    process.env.APP_ORIGIN = 'https://shop.example.in';
    const { razorpay, razorpayConfigured } = await import('./razorpay-client.js');
    expect(razorpayConfigured()).toBe(false);
    await expect(razorpay()).rejects.toMatchObject({ status: 503, message: PAYMENTS_NOT_CONFIGURED });
    process.env.RAZORPAY_WEBHOOK_SECRET = 'whook';
    resetServerConfig();
    expect(razorpayConfigured()).toBe(true);
  });

  it('builds the real client; only the emulators point it at the local test checkout', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_unit';
    process.env.APP_ORIGIN = 'http://127.0.0.1:5000';
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_API_BASE = 'http://127.0.0.1:12999';
    const client = await stripe();
    expect(typeof client.checkout.sessions.create).toBe('function');
    expect(await stripe()).toBe(client);
  });
});
