import { describe, expect, it } from 'vitest';
import { buildInvoice } from './invoice-builder.js';
import {
  allocatePaise,
  cartPricing,
  COUPON_MESSAGES,
  couponRefusal,
  effectivePerCustomerLimit,
  formatOfferDate,
  linePaidPaise,
  OFFER_MESSAGES,
  offerAmountPaise,
  offerProblem,
  offerProblemStatus,
  priceWithOffers,
  unitsPaidPaise,
  type Offer,
  type OfferContext,
  type PricingLine,
} from './offers.js';
import { invoiceLines, taxTotals } from './gst.js';

function offer(over: Partial<Offer> = {}): Offer {
  return {
    _id: 'o1',
    code: 'WELCOME10',
    title: 'Welcome: 10 % off',
    kind: 'percent',
    value: 10,
    maxDiscount: null,
    minOrder: null,
    appliesTo: null,
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2026-12-31T18:29:59.999Z',
    usageLimit: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    paymentMethods: [],
    combinable: true,
    usedCount: 0,
    discountGivenPaise: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

const ctx = (over: Partial<OfferContext> = {}): OfferContext => ({
  now: new Date('2026-11-26T10:00:00Z'),
  paymentMethod: 'COD',
  firstOrder: true,
  customerUses: {},
  ...over,
});

const line = (lineId: string, rupees: number, over: Partial<PricingLine> = {}): PricingLine => ({
  lineId,
  productId: `p-${lineId}`,
  category: 'luggage',
  valuePaise: rupees * 100,
  ...over,
});

/** A small deterministic generator (the tests must not depend on Math.random). */
function lcg(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('allocatePaise: largest remainder, exact to the paisa', () => {
  it('splits an odd amount over equal lines, the extra paise to the earliest of equals', () => {
    expect(allocatePaise(100, [100, 100, 100])).toEqual([34, 33, 33]);
  });

  it('never gives a line more than it is worth and adds up exactly, for 1–10 lines and many amounts', () => {
    const rnd = lcg(42);
    for (let n = 1; n <= 10; n += 1) {
      for (let k = 0; k < 200; k += 1) {
        const values = Array.from({ length: n }, () => 1 + Math.floor(rnd() * 5_000_00));
        const total = values.reduce((a, b) => a + b, 0);
        const amount = Math.floor(rnd() * (total + 1));
        const shares = allocatePaise(amount, values);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        shares.forEach((s, i) => {
          expect(Number.isInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(values[i] as number);
          // Within one paisa of the exact proportional share.
          expect(Math.abs(s - (amount * (values[i] as number)) / total)).toBeLessThan(1);
        });
      }
    }
  });

  it('gives the leftover paise to the largest remainders', () => {
    // 100 over 300 : 300 : 100 → exact 42.86, 42.86, 14.29 → floors 42, 42, 14 (98); the two paise left go to the .86s
    expect(allocatePaise(100, [300, 300, 100])).toEqual([43, 43, 14]);
    // Equal remainders: the larger line first.
    expect(allocatePaise(1, [100, 300])).toEqual([0, 1]);
  });

  it('a discount larger than one line is spread, never making a line negative', () => {
    // ₹1,000 off bags of ₹1,000, ₹99 and ₹1: more than the two small lines are worth.
    const shares = allocatePaise(100000, [100000, 9900, 100]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100000);
    expect(shares).toEqual([90909, 9000, 91]); // 90,909.09 / 9,000 / 90.91: the leftover paisa to the .91
    shares.forEach((s, i) => expect(s).toBeLessThanOrEqual([100000, 9900, 100][i] as number));
  });

  it('refuses more than the lines are worth, and a negative or fractional amount', () => {
    expect(() => allocatePaise(1001, [500, 500])).toThrow(RangeError);
    expect(() => allocatePaise(-1, [500])).toThrow(RangeError);
    expect(() => allocatePaise(1.5, [500])).toThrow(RangeError);
    expect(allocatePaise(1000, [500, 500])).toEqual([500, 500]);
    expect(allocatePaise(0, [500, 500])).toEqual([0, 0]);
  });
});

describe('offerAmountPaise', () => {
  it('percent of the eligible value, rounded down to whole rupees', () => {
    expect(offerAmountPaise(offer({ value: 10 }), 499900)).toBe(49900); // 499.90 → ₹499
    expect(offerAmountPaise(offer({ value: 5 }), 12345)).toBe(600); // 6.17 → ₹6
  });
  it('caps a percent by maxDiscount and a flat by the value of the bags', () => {
    expect(offerAmountPaise(offer({ value: 50, maxDiscount: 300 }), 1000000)).toBe(30000);
    expect(offerAmountPaise(offer({ kind: 'flat', value: 5000 }), 250000)).toBe(250000);
    expect(offerAmountPaise(offer({ kind: 'flat', value: 500 }), 250000)).toBe(50000);
  });
});

describe('offerProblem: every rule, with its message', () => {
  const cart = [line('a', 3000), line('b', 1000, { category: 'backpacks', productId: 'bp' })];
  it('applies when every rule holds', () => {
    expect(offerProblem(offer(), cart, ctx())).toBeNull();
  });
  it('window in IST: not started, expired (the end is exclusive)', () => {
    const o = offer({ startsAt: '2026-11-30T18:30:00.000Z' });
    expect(offerProblem(o, cart, ctx())).toBe('This code starts on 1 December 2026');
    expect(formatOfferDate('2026-11-30T18:30:00.000Z')).toBe('1 December 2026');
    expect(offerProblem(offer({ endsAt: '2026-11-26T10:00:00.000Z' }), cart, ctx())).toBe(OFFER_MESSAGES.expired);
    expect(offerProblem(offer({ endsAt: '2026-11-26T10:00:00.001Z' }), cart, ctx())).toBeNull();
  });
  it('minimum order: says how much more, in rupees', () => {
    expect(offerProblem(offer({ minOrder: 5000 }), cart, ctx())).toBe('Add ₹1,000 more to use this code');
    expect(offerProblem(offer({ minOrder: 4000 }), cart, ctx())).toBeNull();
    // Only the bags it applies to count.
    expect(offerProblem(offer({ minOrder: 2000, appliesTo: { categories: ['backpacks'], productIds: [] } }), cart, ctx())).toBe(
      'Add ₹1,000 more to use this code',
    );
  });
  it('appliesTo: categories or product ids', () => {
    expect(offerProblem(offer({ appliesTo: { categories: ['duffles'], productIds: [] } }), cart, ctx())).toBe(
      OFFER_MESSAGES.notForTheseBags,
    );
    expect(offerProblem(offer({ appliesTo: { categories: [], productIds: ['bp'] } }), cart, ctx())).toBeNull();
  });
  it('first order only', () => {
    expect(offerProblem(offer({ firstOrderOnly: true }), cart, ctx({ firstOrder: false }))).toBe(OFFER_MESSAGES.firstOrder);
    expect(offerProblem(offer({ firstOrderOnly: true }), cart, ctx())).toBeNull();
  });
  it('per customer: codes default to one use, automatic offers to none', () => {
    expect(effectivePerCustomerLimit(offer())).toBe(1);
    expect(effectivePerCustomerLimit(offer({ code: null }))).toBeNull();
    expect(offerProblem(offer(), cart, ctx({ customerUses: { o1: 1 } }))).toBe(OFFER_MESSAGES.alreadyUsed);
    expect(offerProblem(offer({ perCustomerLimit: 2 }), cart, ctx({ customerUses: { o1: 1 } }))).toBeNull();
    expect(offerProblem(offer({ code: null }), cart, ctx({ customerUses: { o1: 7 } }))).toBeNull();
  });
  it('usage limit', () => {
    expect(offerProblem(offer({ usageLimit: 5, usedCount: 5 }), cart, ctx())).toBe(OFFER_MESSAGES.fullyUsed);
    expect(offerProblem(offer({ usageLimit: 5, usedCount: 4 }), cart, ctx())).toBeNull();
  });
  it('payment methods (can be left out while the method is not chosen)', () => {
    const online = offer({ paymentMethods: ['ONLINE'] });
    expect(offerProblem(online, cart, ctx())).toBe(OFFER_MESSAGES.onlineOnly);
    expect(offerProblem(online, cart, ctx({ paymentMethod: 'ONLINE' }))).toBeNull();
    expect(offerProblem(online, cart, ctx({ paymentMethod: null }), true)).toBeNull();
    expect(offerProblem(offer({ paymentMethods: ['COD'] }), cart, ctx({ paymentMethod: 'ONLINE' }))).toBe(OFFER_MESSAGES.codOnly);
    expect(offerProblem(offer({ paymentMethods: ['COD', 'ONLINE'] }), cart, ctx({ paymentMethod: 'ONLINE' }))).toBeNull();
  });
  it('status codes: the shopper’s and the offer’s limits are 409', () => {
    expect(offerProblemStatus(OFFER_MESSAGES.fullyUsed)).toBe(409);
    expect(offerProblemStatus(OFFER_MESSAGES.alreadyUsed)).toBe(409);
    expect(offerProblemStatus(OFFER_MESSAGES.expired)).toBe(400);
  });
});

describe('priceWithOffers: code, automatic offers, combinable', () => {
  const cart = [line('a', 4999), line('b', 1999), line('c', 999, { category: 'backpacks' })];
  const prepaid = offer({ _id: 'auto', code: null, title: 'Pay online: 5 % off', value: 5, paymentMethods: ['ONLINE'] });

  it('a code alone; lines add up to the discount', () => {
    const p = priceWithOffers(cart, offer(), [prepaid], ctx());
    expect(p.subtotalPaise).toBe(799700);
    expect(p.discounts).toEqual([
      { offerId: 'o1', code: 'WELCOME10', title: 'Welcome: 10 % off', amountPaise: 79900, endsAt: '2026-12-31T18:29:59.999Z' },
    ]);
    expect(p.lineDiscountsPaise.reduce((a, b) => a + b, 0)).toBe(79900);
    expect(p.totalPaise).toBe(799700 - 79900);
  });

  it('paying online adds the combinable automatic offer, worked on what the code left', () => {
    const p = priceWithOffers(cart, offer(), [prepaid], ctx({ paymentMethod: 'ONLINE' }));
    expect(p.discounts.map((d) => d.amountPaise)).toEqual([79900, 35900]); // 5 % of 7,198 = 359.90 → ₹359
    expect(p.totalPaise).toBe(799700 - 79900 - 35900);
    expect(p.lineDiscountsPaise.reduce((a, b) => a + b, 0)).toBe(79900 + 35900);
  });

  it('an offer that is not combinable stands alone; the largest automatic offer goes first', () => {
    const p = priceWithOffers(cart, offer({ combinable: false }), [prepaid], ctx({ paymentMethod: 'ONLINE' }));
    expect(p.discounts.map((d) => d.offerId)).toEqual(['o1']);
    const big = offer({ _id: 'big', code: null, value: 20, combinable: false });
    const q = priceWithOffers(cart, null, [prepaid, big], ctx({ paymentMethod: 'ONLINE' }));
    expect(q.discounts.map((d) => d.offerId)).toEqual(['big']);
  });

  it('an offer limited to some bags is spread over those bags only', () => {
    const p = priceWithOffers(cart, offer({ appliesTo: { categories: ['backpacks'], productIds: [] } }), [], ctx());
    expect(p.lineDiscountsPaise).toEqual([0, 0, 9900]);
  });

  it('a code that fails a rule is not applied (the order refuses it separately)', () => {
    const p = priceWithOffers(cart, offer({ firstOrderOnly: true }), [], ctx({ firstOrder: false }));
    expect(p.discounts).toEqual([]);
    expect(p.totalPaise).toBe(p.subtotalPaise);
  });

  it('cartPricing: both methods’ totals, and the code’s problem', () => {
    const p = cartPricing(cart, offer(), [prepaid], ctx({ paymentMethod: null }), 'WELCOME10');
    expect(p.codTotalPaise).toBe(799700 - 79900);
    expect(p.onlineTotalPaise).toBe(799700 - 79900 - 35900);
    expect(p.totalPaise).toBe(p.codTotalPaise); // no method chosen: nothing limited to a method is pre-applied
    expect(p.coupon).toEqual({ code: 'WELCOME10', problem: null });
    const q = cartPricing(cart, offer({ minOrder: 10000 }), [], ctx(), 'WELCOME10');
    expect(q.coupon?.problem).toBe('Add ₹2,003 more to use this code');
    expect(cartPricing(cart, null, [], ctx(), 'GONE').coupon?.problem).toBe(OFFER_MESSAGES.unknown);
  });
});

describe('GST on the discounted price', () => {
  it('every line’s taxable value and tax is on its discounted amount, at 0/5/12/18/28 %; the invoice adds up to the paid total', () => {
    const rnd = lcg(7);
    const rates = [0, 5, 12, 18, 28];
    for (let k = 0; k < 300; k += 1) {
      const n = 1 + Math.floor(rnd() * 10);
      const items = Array.from({ length: n }, (_, i) => {
        const price = 1 + Math.floor(rnd() * 20000);
        return {
          variantId: `v${i}`,
          name: `Bag ${i}`,
          price,
          discount: Math.floor(rnd() * price),
          quantity: 1 + Math.floor(rnd() * 3),
          gstRatePercent: rates[i % rates.length] as number,
          hsn: '4202',
        };
      });
      const lines = items.map((i) => line(i.variantId, (i.price - i.discount) * i.quantity));
      const percent = 1 + Math.floor(rnd() * 90);
      const priced = priceWithOffers(lines, offer({ value: percent }), [], ctx());
      const discounted = items.map((i, x) => ({ ...i, offerDiscountPaise: priced.lineDiscountsPaise[x] }));
      const invoiceLinesOf = invoiceLines(
        discounted.map((i) => ({
          name: i.name,
          hsn: i.hsn,
          quantity: i.quantity,
          ratePercent: i.gstRatePercent,
          unitPricePaise: i.price * 100,
          discountPaise: i.discount * 100 * i.quantity + (i.offerDiscountPaise ?? 0),
        })),
        k % 2 === 0,
      );
      const totals = taxTotals(invoiceLinesOf);
      expect(totals.grossPaise).toBe(priced.totalPaise);
      expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(priced.totalPaise);
      discounted.forEach((i, x) => expect(linePaidPaise({ items: discounted }, i.variantId)).toBe(invoiceLinesOf[x]?.grossPaise));
    }
  });

  it('a discounted three-line invoice, line by line (docs/offers.md)', () => {
    const items = [
      { variantId: 'v1', name: 'Voyager Cabin Trolley', price: 4999, discount: 0, quantity: 1, hsn: '4202', gstRatePercent: 18 },
      { variantId: 'v2', name: 'Commuter Backpack', price: 2499, discount: 500, quantity: 2, hsn: '4202', gstRatePercent: 18 },
      { variantId: 'v3', name: 'Jute Tote', price: 599, discount: 0, quantity: 1, hsn: '4202', gstRatePercent: 5 },
    ];
    const lines = items.map((i) => line(i.variantId, (i.price - i.discount) * i.quantity));
    const priced = priceWithOffers(lines, offer(), [], ctx());
    // Subtotal 4,999 + 3,998 + 599 = ₹9,596; 10 % = ₹959.60 → ₹959.
    expect(priced.discounts[0]?.amountPaise).toBe(95900);
    // Exact shares 499.5876, 399.5503, 59.8620: floors add up to 958.99, the paisa left goes to line 1.
    expect(priced.lineDiscountsPaise).toEqual([49959, 39955, 5986]);
    const invoice = buildInvoice({
      fyStart: 2026,
      sequence: 1,
      issuedAt: new Date('2026-11-26T10:00:00Z'),
      seller: {
        legalName: 'Bagshop Retail LLP',
        address: { line1: 'Kamala Mills', line2: '', city: 'Mumbai', state: 'Maharashtra', pincode: '400013' },
        gstin: '27AAPFB1234C1ZU',
        invoicePrefix: 'BS',
        email: 'a@b.c',
        phone: '9999999999',
      },
      placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
      user: { fullname: { firstname: 'Priya', lastname: 'S' } },
      shippingAddress: { street: '1', city: 'Pune', state: 'Maharashtra', postalCode: '411001', country: 'India' },
      items: items.map((i, x) => ({ ...i, offerDiscountPaise: priced.lineDiscountsPaise[x] })),
    });
    // Within Maharashtra: discount (product + offer share), gross, taxable, CGST, SGST per line.
    expect(invoice.lines.map((l) => [l.discountPaise, l.grossPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      [49959, 449941, 381307, 34317, 34317],
      [100000 + 39955, 359845, 304953, 27446, 27446],
      [5986, 53914, 51348, 1283, 1283],
    ]);
    expect(invoice.totals.grossPaise).toBe(959600 - 95900);
  });
});

describe('linePaidPaise and unitsPaidPaise (for returns, issue 27)', () => {
  const order = {
    items: [
      { variantId: 'v1', _id: 'p1', price: 2499, discount: 500, quantity: 3, offerDiscountPaise: 1001 },
      { _id: 'p2', price: 100, discount: 0, quantity: 1 },
    ],
  };
  it('is the line’s value less its share of the offers', () => {
    expect(linePaidPaise(order, 'v1')).toBe(1999 * 3 * 100 - 1001);
    expect(linePaidPaise(order, 'p2')).toBe(10000);
    expect(() => linePaidPaise(order, 'nope')).toThrow(RangeError);
  });
  it('units returned one at a time add up to the line', () => {
    const paid = linePaidPaise(order, 'v1');
    const parts = [unitsPaidPaise(order, 'v1', 1, 0), unitsPaidPaise(order, 'v1', 1, 1), unitsPaidPaise(order, 'v1', 1, 2)];
    expect(parts.reduce((a, b) => a + b, 0)).toBe(paid);
    expect(unitsPaidPaise(order, 'v1', 3)).toBe(paid);
  });
});

describe('couponRefusal: the cart tells apart only what the shopper can act on (issue 37)', () => {
  const cart = [line('a', 1000)];
  it('one message for an unknown code, a code not started, expired, used up, already used, for a first order, for other bags', () => {
    const problems = [
      null,
      offerProblem(offer({ startsAt: '2026-12-04T00:00:00.000Z' }), cart, ctx()),
      offerProblem(offer({ endsAt: '2026-11-02T00:00:00.000Z' }), cart, ctx()),
      offerProblem(offer({ usageLimit: 5, usedCount: 5 }), cart, ctx()),
      offerProblem(offer(), cart, ctx({ customerUses: { o1: 1 } })),
      offerProblem(offer({ firstOrderOnly: true }), cart, ctx({ firstOrder: false })),
      offerProblem(offer({ appliesTo: { categories: ['backpacks'], productIds: [] } }), cart, ctx()),
    ];
    expect(problems.slice(1).every((p) => typeof p === 'string')).toBe(true);
    const answers = problems.map((p) => couponRefusal(p, true));
    expect(new Set(answers)).toEqual(new Set([COUPON_MESSAGES.cannotUse]));
    expect(answers.join(' ')).not.toMatch(/December|starts|expired|fully|already/);
  });
  it('says the minimum, the payment method and a missing verified phone for a first-order code', () => {
    expect(couponRefusal(offerProblem(offer({ minOrder: 1500 }), cart, ctx()), true)).toBe('Add ₹500 more to use this code');
    expect(couponRefusal(offerProblem(offer({ minOrder: 2_01_000 }), cart, ctx()), true)).toBe('Add ₹2,00,000 more to use this code');
    expect(couponRefusal(OFFER_MESSAGES.onlineOnly, true)).toBe(OFFER_MESSAGES.onlineOnly);
    expect(couponRefusal(OFFER_MESSAGES.codOnly, true)).toBe(OFFER_MESSAGES.codOnly);
    expect(couponRefusal(OFFER_MESSAGES.firstOrder, false)).toBe(COUPON_MESSAGES.verifyPhone);
    expect(couponRefusal(OFFER_MESSAGES.firstOrder, true)).toBe(COUPON_MESSAGES.cannotUse);
  });
});
