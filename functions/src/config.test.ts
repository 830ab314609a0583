import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

const PROD = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc', APP_ORIGIN: 'https://bagshop.example.in' };

describe('parseConfig', () => {
  it('applies the defaults of the issue', () => {
    const c = parseConfig({});
    expect(c.paymentHoldSeconds).toBe(1800);
    expect(c.limits).toEqual({ maxLineQuantity: 10, maxOpenOnlineOrders: 3, maxOpenCodOrders: 5 });
    expect(c.trustProxyHops).toBe(2);
    expect(c.paymentsUnavailable).toBe('STRIPE_SECRET_KEY is not set');
    expect(c.emulator).toBe(false);
  });

  it('reads a production configuration', () => {
    const c = parseConfig({ ...PROD, PAYMENT_HOLD_SECONDS: '2400', MAX_OPEN_COD_ORDERS: '7' });
    expect(c.paymentsUnavailable).toBeNull();
    expect(c.appOrigin).toBe('https://bagshop.example.in');
    expect(c.stripe).toEqual({ secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc', apiBase: null, mode: 'stripe' });
    expect(c.paymentHoldSeconds).toBe(2400);
    expect(c.limits.maxOpenCodOrders).toBe(7);
    expect(c.warnings).toEqual([]);
  });

  it('a Stripe key without its webhook secret: online payments are off (503), never charged and then swept (issue 24)', () => {
    const c = parseConfig({ ...PROD, STRIPE_WEBHOOK_SECRET: '' });
    expect(c.paymentsUnavailable).toBe('STRIPE_WEBHOOK_SECRET is not set');
    expect(c.providerUnavailable.stripe).toBe('STRIPE_WEBHOOK_SECRET is not set');
  });

  it('PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET', () => {
    const rzp = {
      PAYMENT_PROVIDER: 'razorpay',
      APP_ORIGIN: 'https://bagshop.example.in',
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 's3cret',
    };
    expect(parseConfig(rzp).paymentsUnavailable).toBe('RAZORPAY_WEBHOOK_SECRET is not set');
    expect(parseConfig({ ...rzp, RAZORPAY_KEY_SECRET: 'unused', RAZORPAY_WEBHOOK_SECRET: 'w' }).paymentsUnavailable).toMatch(
      /RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/,
    );
    const on = parseConfig({ ...rzp, RAZORPAY_WEBHOOK_SECRET: 'whook' });
    expect(on.paymentsUnavailable).toBeNull();
    expect(on.paymentProvider).toBe('razorpay');
    expect(on.providerUnavailable.stripe).toBe('STRIPE_SECRET_KEY is not set');
    expect(on.razorpay).toEqual({ keyId: 'rzp_live_abc', keySecret: 's3cret', webhookSecret: 'whook', apiBase: null, mode: 'razorpay' });
    expect(on.paymentGraceSeconds).toBe(300);
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be stripe or razorpay/);
    expect(() => parseConfig({ RAZORPAY_KEY_ID: 'key_abc' })).toThrow(/RAZORPAY_KEY_ID must be a Razorpay key id/);
    expect(() => parseConfig({ PAYMENT_GRACE_SECONDS: '-1' })).toThrow(/PAYMENT_GRACE_SECONDS/);
  });

  it('production without APP_ORIGIN: card payments are off with a clear reason (no fallback to the request)', () => {
    const c = parseConfig({ ...PROD, APP_ORIGIN: '' });
    expect(c.appOrigin).toBeNull();
    expect(c.paymentsUnavailable).toMatch(/^APP_ORIGIN is not set/);
  });

  it('refuses bad values, naming every one', () => {
    const error = (() => {
      try {
        parseConfig({
          PAYMENT_HOLD_SECONDS: 'soon',
          MAX_LINE_QUANTITY: '0',
          APP_ORIGIN: 'http://shop.example.in/path',
          STRIPE_SECRET_KEY: 'pk_test_1',
        });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^APP_ORIGIN must be an https origin/),
      'PAYMENT_HOLD_SECONDS must be a whole number from 10 to 86400',
      'MAX_LINE_QUANTITY must be a whole number from 1 to 10000',
      expect.stringMatching(/^STRIPE_SECRET_KEY must be a Stripe secret key/),
    ]);
  });

  it('points Stripe at the local test checkout on the emulators only', () => {
    const local = parseConfig({
      FUNCTIONS_EMULATOR: 'true',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      STRIPE_SECRET_KEY: 'sk_test_x',
      APP_ORIGIN: 'http://127.0.0.1:5000',
    });
    expect(local.stripe).toMatchObject({ apiBase: 'http://127.0.0.1:12111', mode: 'local' });
    expect(parseConfig({ ...PROD, STRIPE_API_BASE: 'http://evil.example' }).stripe).toMatchObject({ apiBase: null, mode: 'stripe' });
    expect(() => parseConfig({ FUNCTIONS_EMULATOR: 'true', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/live Stripe key/);
  });

  it('warns when real Stripe would stretch a hold shorter than its 30-minute minimum', () => {
    expect(parseConfig({ ...PROD, PAYMENT_HOLD_SECONDS: '600' }).warnings).toEqual([
      expect.stringContaining('shorter than the 30 minutes Stripe requires'),
    ]);
    expect(
      parseConfig({
        FUNCTIONS_EMULATOR: 'true',
        STRIPE_API_BASE: 'http://127.0.0.1:1',
        STRIPE_SECRET_KEY: 'sk_test_x',
        PAYMENT_HOLD_SECONDS: '15',
      }).warnings,
    ).toEqual([]);
  });

  it('collects RATE_LIMIT_* overrides', () => {
    expect(parseConfig({ RATE_LIMIT_SIGNIN: '500', RATE_LIMIT_ORDER: 'x' }).rateLimits).toEqual({ signin: 500 });
  });
});

describe('the exported functions declare their secrets', () => {
  // As `firebase deploy` loads the code to read its manifest: secret values are not there.
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.FUNCTIONS_CONTROL_API;
    process.env.FUNCTIONS_CONTROL_API = 'true';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.FUNCTIONS_CONTROL_API;
    else process.env.FUNCTIONS_CONTROL_API = saved;
  });

  it("api and sweepHolds bind both providers' secrets (Stripe and Razorpay)", async () => {
    const { api, sweepHolds, sweepHoldsEmulator, sendWhatsAppOrderUpdate } = await import('./index.js');
    expect(sweepHoldsEmulator).toBeUndefined(); // the emulators' HTTP twin of the sweep is never deployed
    const secrets = (fn: { __endpoint?: { secretEnvironmentVariables?: { key: string }[] } }) =>
      (fn.__endpoint?.secretEnvironmentVariables ?? []).map((s) => s.key).sort();
    const all = [
      'COURIER_WEBHOOK_TOKEN',
      // E-invoicing (issue 41): the IRP account, for the numbering trigger and the sweep's retries.
      'EINVOICE_CLIENT_ID',
      'EINVOICE_CLIENT_SECRET',
      'EINVOICE_PASSWORD',
      'EINVOICE_USERNAME',
      'MESSAGE_LINK_SECRET',
      'ORDER_LINK_SECRET',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'SHIPROCKET_EMAIL',
      'SHIPROCKET_PASSWORD',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ];
    // The API also takes the WhatsApp webhook (the app secret) and the COD-confirm button (docs/whatsapp.md).
    expect(secrets(api)).toEqual([...all, 'WHATSAPP_APP_SECRET', 'WHATSAPP_TOKEN'].sort());
    expect(secrets(sweepHolds)).toEqual(all);
    expect(secrets(sendWhatsAppOrderUpdate)).toEqual([
      'COURIER_WEBHOOK_TOKEN',
      'ORDER_LINK_SECRET',
      'SHIPROCKET_EMAIL',
      'SHIPROCKET_PASSWORD',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_TOKEN',
    ]);
    expect(api.__endpoint).toMatchObject({ region: ['asia-south1'], httpsTrigger: {} });
    const { numberTaxDocuments } = await import('./index.js');
    expect(secrets(numberTaxDocuments)).toEqual(['EINVOICE_CLIENT_ID', 'EINVOICE_CLIENT_SECRET', 'EINVOICE_PASSWORD', 'EINVOICE_USERNAME']);
    expect(sweepHolds.__endpoint).toMatchObject({ region: ['asia-south1'], scheduleTrigger: { schedule: 'every 1 minutes' } });
  }, 30_000);
});

describe('WhatsApp settings', () => {
  it('off without a token and a phone number id; the API base moves only on the emulators', () => {
    expect(parseConfig({}).whatsapp).toMatchObject({ enabled: false, apiBase: 'https://graph.facebook.com', apiVersion: 'v21.0' });
    expect(parseConfig({ WHATSAPP_TOKEN: 'unused', WHATSAPP_PHONE_NUMBER_ID: '1' }).whatsapp.enabled).toBe(false);
    const on = { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_API_BASE: 'http://127.0.0.1:12114' };
    expect(parseConfig(on).whatsapp).toMatchObject({ enabled: true, apiBase: 'https://graph.facebook.com' });
    expect(parseConfig({ ...on, FUNCTIONS_EMULATOR: 'true' }).whatsapp.apiBase).toBe('http://127.0.0.1:12114');
    expect(() => parseConfig({ WHATSAPP_API_VERSION: '21' })).toThrow('WHATSAPP_API_VERSION must look like v21.0');
  });
});

describe('EINVOICE_API_BASE', () => {
  it('is unset by default; https in production, any URL on the emulators; the account from the secrets', () => {
    expect(parseConfig({}).einvoice).toEqual({ apiBase: null, clientId: null, clientSecret: null, username: null, password: null });
    expect(parseConfig({ EINVOICE_API_BASE: 'https://einv-apisandbox.nic.in/' }).einvoice.apiBase).toBe('https://einv-apisandbox.nic.in');
    expect(() => parseConfig({ EINVOICE_API_BASE: 'http://127.0.0.1:12117' })).toThrow('EINVOICE_API_BASE must be an https URL');
    expect(parseConfig({ EINVOICE_API_BASE: 'http://127.0.0.1:12117', FUNCTIONS_EMULATOR: 'true' }).einvoice.apiBase).toBe(
      'http://127.0.0.1:12117',
    );
    expect(parseConfig({ EINVOICE_CLIENT_ID: 'c', EINVOICE_USERNAME: 'u' }).einvoice).toMatchObject({ clientId: 'c', username: 'u' });
  });
});

describe('COD_PHONE_VERIFICATION', () => {
  it('is "required" by default, "off" when set so, and refuses anything else', () => {
    expect(parseConfig({}).codPhoneVerification).toBe('required');
    expect(parseConfig({ COD_PHONE_VERIFICATION: ' OFF ' }).codPhoneVerification).toBe('off');
    expect(parseConfig({ COD_PHONE_VERIFICATION: 'required' }).codPhoneVerification).toBe('required');
    expect(() => parseConfig({ COD_PHONE_VERIFICATION: 'maybe' })).toThrow('COD_PHONE_VERIFICATION must be required or off');
  });
});
