// GET /api/delivery/{pin} and GET /api/delivery against the seeded rules (warehouse 400013,
// Mumbai; docs/delivery-and-disclosures.md), and the admin rules API.
import { DEFAULT_DELIVERY_RULES, deliveryWindow, type DeliveryQuote, type DeliveryRules } from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import type { Envelope } from '../support/commerce';

async function quote(pin: string) {
  const before = new Date();
  const res = await api<Envelope<DeliveryQuote>>(`delivery/${pin}`);
  return { res, before, after: new Date() };
}

/** The window the server must have promised: the one for the moment just before or just after the request. */
function expectWindow(days: { min: number; max: number }, before: Date, after: Date, got: unknown) {
  const candidates = [deliveryWindow(before, days, DEFAULT_DELIVERY_RULES), deliveryWindow(after, days, DEFAULT_DELIVERY_RULES)];
  expect(candidates).toContainEqual(got);
}

const ZONES: [pin: string, state: string, district: string, days: { min: number; max: number }, zone: string][] = [
  ['400070', 'Maharashtra', 'Mumbai Suburban', { min: 1, max: 2 }, 'same city'],
  ['411001', 'Maharashtra', 'Pune', { min: 2, max: 3 }, 'same state'],
  ['560001', 'Karnataka', 'Bengaluru Urban', { min: 2, max: 4 }, 'metro'],
  ['682001', 'Kerala', 'Ernakulam', { min: 4, max: 7 }, 'rest of India'],
  ['781001', 'Assam', 'Kamrup Metro', { min: 6, max: 9 }, 'north-east'],
];

describe('GET /api/delivery/{pin}', () => {
  it.each(ZONES)('%s (%s, %s): %o days, the %s zone', async (pin, state, district, days) => {
    const { res, before, after } = await quote(pin);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(['cod', 'days', 'deliverBy', 'district', 'options', 'pin', 'serviceable', 'state']);
    // Both speeds (issue 40), standard first, its dates the quote's own.
    expect(data.options.map((o: { speed: string }) => o.speed)).toEqual(['standard', 'express']);
    expect(data).toMatchObject({ pin, serviceable: true, state, district, cod: true, days });
    expect(data.deliverBy?.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectWindow(days, before, after, data.deliverBy);
    // Public and short-lived: never cached past the next cut-off or midnight.
    const cache = res.headers.get('cache-control') ?? '';
    expect(cache).toMatch(/^public, (max-age=\d+, s-maxage=\d+|no-cache)$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cache)?.[1] ?? 0);
    expect(maxAge).toBeLessThanOrEqual(300);
  });

  it('an unknown PIN is 404 with a message', async () => {
    for (const pin of ['000000', '999999']) {
      const { res } = await quote(pin);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: `We could not find PIN code ${pin}` });
    }
  });

  it('a malformed PIN is 400', async () => {
    for (const pin of ['56000', '5600011', 'abcdef', '56 001']) {
      const { res } = await quote(encodeURIComponent(pin));
      expect(res.status, pin).toBe(400);
      expect(res.body.message).toBe('Enter a 6-digit PIN code');
    }
  });

  it('an unserved PIN (Campbell Bay) is known but not serviceable: no COD, no dates', async () => {
    const { res } = await quote('744302');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      pin: '744302',
      serviceable: false,
      state: 'Andaman and Nicobar Islands',
      district: 'Nicobars',
      cod: false,
      days: null,
      deliverBy: null,
      options: [expect.objectContaining({ speed: 'standard' }), expect.objectContaining({ speed: 'express' })],
    });
  });

  it('a COD-off PIN (Port Blair) is served, without cash on delivery', async () => {
    const { res, before, after } = await quote('744101');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pin: '744101', serviceable: true, cod: false, days: { min: 6, max: 9 } });
    expectWindow({ min: 6, max: 9 }, before, after, res.body.data.deliverBy);
  });

  it('GET /api/delivery gives the COD limit and the cut-off', async () => {
    const res = await api<Envelope<Pick<DeliveryRules, 'codMaxTotal' | 'cutoff' | 'workingDays' | 'zoneDays'>>>('delivery');
    expect(res.status).toBe(200);
    // toMatchObject: the public express settings ride along (issue 40, tests/api/delivery-express.test.ts).
    expect(res.body.data).toMatchObject({
      codMaxTotal: 10_000,
      cutoff: '14:00',
      workingDays: [1, 2, 3, 4, 5, 6],
      zoneDays: DEFAULT_DELIVERY_RULES.zoneDays,
    });
  });
});

describe('admin delivery rules', () => {
  let adminUser: TestUser;
  let shopper: TestUser;
  beforeAll(async () => {
    [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin' }), createTestUser()]);
  });
  afterAll(async () => {
    // Back to the seeded rules for the other suites.
    await admin().db.doc('settings/delivery').set(DEFAULT_DELIVERY_RULES);
  });

  it('only admins read and write them', async () => {
    expect((await api('admin/delivery')).status).toBe(401);
    expect((await api('admin/delivery', { token: shopper.idToken })).status).toBe(403);
    expect((await api('admin/delivery', { method: 'PUT', token: shopper.idToken, body: DEFAULT_DELIVERY_RULES })).status).toBe(403);
    const read = await api<Envelope<DeliveryRules>>('admin/delivery', { token: adminUser.idToken });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(DEFAULT_DELIVERY_RULES);
  });

  it('refuses unknown PINs and districts, and stores districts in the directory spelling', async () => {
    const put = (body: unknown) => api<Envelope<DeliveryRules>>('admin/delivery', { method: 'PUT', token: adminUser.idToken, body });
    const unknownPin = await put({ ...DEFAULT_DELIVERY_RULES, codOffPins: ['999999'] });
    expect(unknownPin.status).toBe(400);
    expect(unknownPin.body.message).toBe('We could not find PIN code 999999');
    const unknownDistrict = await put({ ...DEFAULT_DELIVERY_RULES, unservedDistricts: [{ state: 'Karnataka', district: 'Mumbai' }] });
    expect(unknownDistrict.status).toBe(400);
    expect(unknownDistrict.body.message).toBe('There is no district "Mumbai" in Karnataka');
    const badRange = await put({ ...DEFAULT_DELIVERY_RULES, zoneDays: { ...DEFAULT_DELIVERY_RULES.zoneDays, metro: { min: 4, max: 2 } } });
    expect(badRange.status).toBe(400);

    const saved = await put({
      ...DEFAULT_DELIVERY_RULES,
      codOffPins: ['560001'],
      unservedDistricts: [{ state: 'Kerala', district: 'ernakulam' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.unservedDistricts).toEqual([{ state: 'Kerala', district: 'Ernakulam' }]);
    // The public quote follows at once.
    expect((await quote('560001')).res.body.data).toMatchObject({ serviceable: true, cod: false });
    expect((await quote('682001')).res.body.data).toMatchObject({ serviceable: false, cod: false, days: null });
  });

  it('lists the districts for the admin screen', async () => {
    const res = await api<Envelope<{ states: string[]; districts: { state: string; district: string }[] }>>('admin/delivery/districts', {
      token: adminUser.idToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.states).toHaveLength(36);
    expect(res.body.data.districts).toContainEqual({ state: 'Maharashtra', district: 'Mumbai Suburban' });
  });
});
