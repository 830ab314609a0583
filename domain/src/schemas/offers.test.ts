import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common.js';
import { applyCouponSchema, istInstant, OFFER_FIELD_MESSAGES, offerInputSchema } from './offers.js';
import { offerFromData } from '../codecs/offer.js';

const valid = {
  code: ' welcome10 ',
  title: 'Welcome: 10 % off your first order',
  kind: 'percent',
  value: 10,
  startsAt: '2026-11-01',
  endsAt: '2026-12-31',
  firstOrderOnly: true,
  combinable: true,
};

const errorsOf = (body: unknown) => {
  const r = offerInputSchema.safeParse(body);
  return r.success ? [] : fieldErrors(r.error);
};

describe('offerInputSchema', () => {
  it('accepts an offer; the code upper case, dates in IST', () => {
    const o = offerInputSchema.parse(valid);
    expect(o.code).toBe('WELCOME10');
    expect(o.startsAt).toBe('2026-10-31T18:30:00.000Z');
    expect(o.endsAt).toBe('2026-12-31T18:29:59.999Z');
  });
  it('an automatic offer has no code', () => {
    expect(offerInputSchema.parse({ ...valid, code: null }).code).toBeUndefined();
  });
  it('gives a message per field', () => {
    expect(errorsOf({ ...valid, code: 'AB' })).toEqual([{ field: 'code', message: OFFER_FIELD_MESSAGES.code }]);
    expect(errorsOf({ ...valid, code: 'WELCOME-10' })).toEqual([{ field: 'code', message: OFFER_FIELD_MESSAGES.code }]);
    expect(errorsOf({ ...valid, title: ' ' })).toEqual([{ field: 'title', message: OFFER_FIELD_MESSAGES.title }]);
    expect(errorsOf({ ...valid, kind: 'bogo' })).toEqual([{ field: 'kind', message: OFFER_FIELD_MESSAGES.kind }]);
    expect(errorsOf({ ...valid, value: 91 })).toEqual([{ field: 'value', message: OFFER_FIELD_MESSAGES.percent }]);
    expect(errorsOf({ ...valid, value: 0 })).toEqual([{ field: 'value', message: OFFER_FIELD_MESSAGES.value }]);
    expect(errorsOf({ ...valid, kind: 'flat', value: 500, maxDiscount: 100 })).toEqual([
      { field: 'maxDiscount', message: OFFER_FIELD_MESSAGES.maxDiscountFlat },
    ]);
    expect(errorsOf({ ...valid, endsAt: '2026-10-01' })).toEqual([{ field: 'endsAt', message: OFFER_FIELD_MESSAGES.endBeforeStart }]);
    expect(errorsOf({ ...valid, startsAt: 'soon' })).toEqual([{ field: 'startsAt', message: OFFER_FIELD_MESSAGES.startsAt }]);
    expect(errorsOf({ ...valid, paymentMethods: ['CASH'] })[0]?.field).toBe('paymentMethods.0');
    expect(errorsOf({ ...valid, paymentMethods: [] })).toEqual([{ field: 'paymentMethods', message: OFFER_FIELD_MESSAGES.paymentMethods }]);
    expect(errorsOf({ ...valid, appliesTo: { categories: ['shoes'] } })[0]?.message).toBe(OFFER_FIELD_MESSAGES.categories);
    expect(errorsOf({ ...valid, usageLimit: 0 })).toEqual([{ field: 'usageLimit', message: OFFER_FIELD_MESSAGES.usageLimit }]);
    expect(errorsOf({ ...valid, combinable: 'yes' })).toEqual([{ field: 'combinable', message: OFFER_FIELD_MESSAGES.combinable }]);
  });
  it('istInstant: a bare date, an IST time, or an explicit offset', () => {
    expect(istInstant('2026-12-01T10:00')).toBe('2026-12-01T04:30:00.000Z');
    expect(istInstant('2026-12-01T10:00:00Z')).toBe('2026-12-01T10:00:00.000Z');
    expect(istInstant('2026-13-01')).toBeNull();
  });
  it('applyCouponSchema upper-cases the code', () => {
    expect(applyCouponSchema.parse({ code: ' welcome10' })).toEqual({ code: 'WELCOME10' });
    expect(applyCouponSchema.safeParse({ code: '' }).success).toBe(false);
  });
});

describe('offerFromData', () => {
  it('reads a stored offer with defaults for what is missing', () => {
    const o = offerFromData('x', {
      title: 'T',
      kind: 'flat',
      value: 100,
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(o).toMatchObject({
      _id: 'x',
      code: null,
      usedCount: 0,
      discountGivenPaise: 0,
      paymentMethods: [],
      appliesTo: null,
      perCustomerLimit: null,
    });
  });
  it('names a bad field', () => {
    expect(() => offerFromData('x', { value: 'ten' })).toThrow('offers/x.value');
  });
});
