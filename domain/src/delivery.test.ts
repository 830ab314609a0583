import { describe, expect, it } from 'vitest';
import {
  addDays,
  codAtPin,
  codRefusal,
  DEFAULT_DELIVERY_RULES,
  deliveryByLabel,
  deliveryRangeLabel,
  deliveryWindow,
  deliveryZone,
  dispatchDay,
  formatDeliveryDay,
  isServiceable,
  istNow,
  nextQuoteChange,
  orderDelivery,
  parseOrderDelivery,
  quoteDelivery,
  DEFAULT_SHIPPING_SETTINGS,
  deliveryFee,
  expressAvailable,
  expressDays,
  expressOffered,
  expressPolicyOf,
  expressUnavailableMessage,
  expressZoneOf,
  optionFee,
  shippingWording,
  type DeliveryRules,
  type PinPlace,
  type ShippingSettings,
} from './delivery.js';
import { deliveryRulesSchema, EXPRESS_FEE_MESSAGE, shippingSettingsSchema } from './schemas/delivery.js';

const rules: DeliveryRules = DEFAULT_DELIVERY_RULES;
const ist = (local: string) => new Date(`${local}+05:30`);

const MUMBAI: PinPlace = { pin: '400013', state: 'Maharashtra', district: 'Mumbai' };
const ANDHERI: PinPlace = { pin: '400070', state: 'Maharashtra', district: 'Mumbai Suburban' };
const PUNE: PinPlace = { pin: '411001', state: 'Maharashtra', district: 'Pune' };
const BENGALURU: PinPlace = { pin: '560001', state: 'Karnataka', district: 'Bengaluru Urban' };
const DELHI: PinPlace = { pin: '110001', state: 'Delhi', district: 'New Delhi' };
const KOCHI: PinPlace = { pin: '682001', state: 'Kerala', district: 'Ernakulam' };
const GUWAHATI: PinPlace = { pin: '781001', state: 'Assam', district: 'Kamrup Metro' };
const PORT_BLAIR: PinPlace = { pin: '744101', state: 'Andaman and Nicobar Islands', district: 'South Andamans' };
const CAMPBELL_BAY: PinPlace = { pin: '744302', state: 'Andaman and Nicobar Islands', district: 'Nicobars' };

describe('deliveryZone (warehouse in Mumbai)', () => {
  it.each([
    [MUMBAI, 'sameCity'],
    [ANDHERI, 'sameCity'],
    [PUNE, 'sameState'],
    [BENGALURU, 'metro'],
    [DELHI, 'metro'],
    [KOCHI, 'restOfIndia'],
    [GUWAHATI, 'northEastAndIslands'],
    [PORT_BLAIR, 'northEastAndIslands'],
  ] as const)('%o is %s', (place, zone) => {
    expect(deliveryZone(place, MUMBAI, rules)).toBe(zone);
  });

  it('same state wins over North-East for a warehouse in Guwahati; district names match in any case', () => {
    const dibrugarh: PinPlace = { pin: '786001', state: 'Assam', district: 'Dibrugarh' };
    expect(deliveryZone(dibrugarh, GUWAHATI, rules)).toBe('sameState');
    expect(deliveryZone({ ...GUWAHATI, district: 'KAMRUP METRO' }, GUWAHATI, rules)).toBe('sameCity');
    // Mumbai Suburban is "the city" only for a warehouse in Maharashtra.
    expect(deliveryZone(ANDHERI, BENGALURU, rules)).toBe('metro');
  });
});

describe('serviceability and cash on delivery', () => {
  it('unserved PINs and districts are not serviceable and have no COD', () => {
    expect(isServiceable(CAMPBELL_BAY, rules)).toBe(false);
    const carNicobar: PinPlace = { pin: '744301', state: 'Andaman and Nicobar Islands', district: 'Nicobars' };
    expect(isServiceable(carNicobar, rules)).toBe(false); // the whole district is off
    expect(codAtPin(carNicobar, rules)).toBe(false);
    expect(isServiceable(PORT_BLAIR, rules)).toBe(true);
  });

  it('COD is off on listed PINs, and above the cap; exactly the cap is allowed', () => {
    expect(codAtPin(PORT_BLAIR, rules)).toBe(false);
    expect(codAtPin(BENGALURU, rules)).toBe(true);
    expect(codRefusal('744101', 500, rules)).toBe('Cash on delivery is not available for PIN code 744101. Please pay online.');
    expect(codRefusal('560001', 10_000, rules)).toBeNull();
    expect(codRefusal('560001', 10_001, rules)).toBe('Cash on delivery is available only for orders up to ₹10,000. Please pay online.');
  });
});

describe('IST days', () => {
  it('reads the IST day, not the UTC one, around midnight', () => {
    // 18:45 UTC on Sunday 22 Nov is 00:15 IST on Monday 23 Nov.
    expect(istNow(new Date('2026-11-22T18:45:00Z'))).toEqual({ day: '2026-11-23', minutes: 15 });
    expect(istNow(new Date('2026-11-22T18:29:59Z'))).toEqual({ day: '2026-11-22', minutes: 23 * 60 + 59 });
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('dispatchDay (cut-off 14:00 IST, Monday to Saturday)', () => {
  it('before the cut-off on a working day: today', () => {
    expect(dispatchDay(ist('2026-11-23T13:59'), rules)).toBe('2026-11-23');
  });

  it('at or after the cut-off: the next working day', () => {
    expect(dispatchDay(ist('2026-11-23T14:00'), rules)).toBe('2026-11-24');
    expect(dispatchDay(ist('2026-11-23T23:59'), rules)).toBe('2026-11-24');
  });

  it('Saturday after the cut-off and all of Sunday: Monday', () => {
    expect(dispatchDay(ist('2026-11-28T15:00'), rules)).toBe('2026-11-30');
    expect(dispatchDay(ist('2026-11-29T09:00'), rules)).toBe('2026-11-30');
  });

  it('a listed holiday is skipped (Christmas, Friday 25 Dec 2026)', () => {
    expect(dispatchDay(ist('2026-12-24T16:00'), rules)).toBe('2026-12-26');
    expect(dispatchDay(ist('2026-12-25T10:00'), rules)).toBe('2026-12-26');
  });

  it('just after IST midnight counts as the new day, though UTC is still on the previous one', () => {
    // Monday 00:15 IST = Sunday 18:45 UTC: Monday is a working day, before the cut-off.
    expect(dispatchDay(new Date('2026-11-22T18:45:00Z'), rules)).toBe('2026-11-23');
    // Monday 23:59 IST (after the cut-off) → Tuesday; one minute later it is Tuesday 00:00 → Tuesday.
    expect(dispatchDay(new Date('2026-11-23T18:29:00Z'), rules)).toBe('2026-11-24');
    expect(dispatchDay(new Date('2026-11-23T18:30:00Z'), rules)).toBe('2026-11-24');
  });
});

describe('deliveryWindow', () => {
  it('counts working days after dispatch', () => {
    expect(deliveryWindow(ist('2026-11-23T10:00'), { min: 1, max: 2 }, rules)).toEqual({ from: '2026-11-24', to: '2026-11-25' });
  });

  it('does not deliver on Sundays', () => {
    // Dispatched Saturday 28 Nov; Sunday 29 is skipped.
    expect(deliveryWindow(ist('2026-11-28T10:00'), { min: 1, max: 2 }, rules)).toEqual({ from: '2026-11-30', to: '2026-12-01' });
  });

  it('does not deliver on listed holidays', () => {
    // Dispatched Thursday 24 Dec; Christmas (Fri) and Sunday 27 are skipped.
    expect(deliveryWindow(ist('2026-12-24T10:00'), { min: 1, max: 3 }, rules)).toEqual({ from: '2026-12-26', to: '2026-12-29' });
  });

  it('runs across a month end and a year end', () => {
    expect(deliveryWindow(ist('2026-11-30T10:00'), { min: 2, max: 4 }, rules)).toEqual({ from: '2026-12-02', to: '2026-12-04' });
    // Thursday 31 Dec: Fri 1 Jan (1), Sat 2 (2), Mon 4 (3), Tue 5 (4) … Fri 8 (7).
    expect(deliveryWindow(ist('2026-12-31T10:00'), { min: 4, max: 7 }, rules)).toEqual({ from: '2027-01-05', to: '2027-01-08' });
  });

  it('0 days means the dispatch day itself', () => {
    expect(deliveryWindow(ist('2026-11-23T10:00'), { min: 0, max: 0 }, rules)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });
});

describe('quoteDelivery and orderDelivery', () => {
  const now = ist('2026-11-23T10:00');

  it('a serviceable PIN gets its zone days and dates', () => {
    expect(quoteDelivery(BENGALURU, MUMBAI, rules, now)).toMatchObject({
      pin: '560001',
      serviceable: true,
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      cod: true,
      days: { min: 2, max: 4 },
      deliverBy: { from: '2026-11-25', to: '2026-11-27' },
    });
    expect(quoteDelivery(PORT_BLAIR, MUMBAI, rules, now)).toMatchObject({ serviceable: true, cod: false, days: { min: 6, max: 9 } });
  });

  it('an unserved PIN has no days or dates', () => {
    expect(quoteDelivery(CAMPBELL_BAY, MUMBAI, rules, now)).toMatchObject({
      pin: '744302',
      serviceable: false,
      state: 'Andaman and Nicobar Islands',
      district: 'Nicobars',
      cod: false,
      days: null,
      deliverBy: null,
    });
  });

  it('the order keeps the zone and the promise, and reads back', () => {
    const promise = orderDelivery(PUNE, MUMBAI, rules, now);
    expect(promise).toEqual({
      pin: '411001',
      zone: 'sameState',
      speed: 'standard',
      fee: 0,
      days: { min: 2, max: 3 },
      deliverBy: { from: '2026-11-25', to: '2026-11-26' },
    });
    expect(parseOrderDelivery(JSON.parse(JSON.stringify(promise)))).toEqual(promise);
    expect(parseOrderDelivery(undefined)).toBeNull();
    expect(parseOrderDelivery({ ...promise, zone: 'moon' })).toBeNull();
  });
});

describe('nextQuoteChange', () => {
  it('is the cut-off while it is ahead, else the next IST midnight', () => {
    expect(nextQuoteChange(ist('2026-11-23T13:58'), rules).toISOString()).toBe(ist('2026-11-23T14:00').toISOString());
    expect(nextQuoteChange(ist('2026-11-23T14:00'), rules).toISOString()).toBe(ist('2026-11-24T00:00').toISOString());
    expect(nextQuoteChange(new Date('2026-12-31T18:29:00Z'), rules).toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });
});

describe('showing dates (en-IN)', () => {
  it('formats a day and a range', () => {
    expect(formatDeliveryDay('2026-11-25')).toBe('Wed, 25 Nov');
    expect(formatDeliveryDay('not a day')).toBe('');
    expect(deliveryByLabel({ from: '2026-11-23', to: '2026-11-25' })).toBe('Delivery by Wed, 25 Nov');
    expect(deliveryRangeLabel({ from: '2026-11-23', to: '2026-11-25' })).toBe('Mon, 23 Nov – Wed, 25 Nov');
    expect(deliveryRangeLabel({ from: '2026-11-25', to: '2026-11-25' })).toBe('Wed, 25 Nov');
  });
});

describe('deliveryRulesSchema', () => {
  it('accepts the defaults and tidies lists', () => {
    const parsed = deliveryRulesSchema.parse({ ...rules, codOffPins: ['790001', '744101', '790001'], workingDays: [6, 1, 2, 3, 4, 5, 1] });
    expect(parsed.codOffPins).toEqual(['744101', '790001']);
    expect(parsed.workingDays).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it.each([
    ['a bad warehouse PIN', { warehousePin: '012345' }, 'Enter a 6-digit PIN code'],
    ['a bad cut-off', { cutoff: '25:00' }, 'Cut-off is a time HH:MM (00:00 to 23:59)'],
    ['no working day', { workingDays: [] }, 'Choose at least one working day'],
    ['min above max', { zoneDays: { ...rules.zoneDays, metro: { min: 5, max: 2 } } }, 'The fewest days cannot be more than the most days'],
    ['a negative COD cap', { codMaxTotal: -1 }, 'The cash-on-delivery limit must be a whole number of rupees from 0 to 10,00,000'],
    ['a bad holiday date', { holidays: [{ date: '2026-02-30', name: 'Nope' }] }, 'A holiday date is YYYY-MM-DD'],
    ['an unknown state', { unservedDistricts: [{ state: 'Atlantis', district: 'X' }] }, 'Choose a state'],
  ])('refuses %s', (_label, patch, message) => {
    const result = deliveryRulesSchema.safeParse({ ...rules, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('express delivery (issue 40)', () => {
  const monday = ist('2026-11-23T10:00');
  const paid: ShippingSettings = { ...DEFAULT_SHIPPING_SETTINGS, expressFee: 149, expressFreeAbove: 5_000 };

  it('is offered in metro and tier-1 cities and by the PIN-to-zone table, not elsewhere', () => {
    expect(expressZoneOf(DELHI, rules, DEFAULT_SHIPPING_SETTINGS)).toBe('metro');
    expect(expressZoneOf(PUNE, rules, DEFAULT_SHIPPING_SETTINGS)).toBe('tier1');
    expect(expressZoneOf(KOCHI, rules, DEFAULT_SHIPPING_SETTINGS)).toBeNull();
    const table: ShippingSettings = {
      ...DEFAULT_SHIPPING_SETTINGS,
      pinZones: [
        { pin: KOCHI.pin, zone: 'tier1' },
        { pin: DELHI.pin, zone: 'none' },
      ],
    };
    expect(expressZoneOf(KOCHI, rules, table)).toBe('tier1');
    expect(expressAvailable(DELHI, rules, table)).toBe(false);
    expect(expressAvailable(CAMPBELL_BAY, rules, { ...table, pinZones: [{ pin: CAMPBELL_BAY.pin, zone: 'metro' }] })).toBe(false);
    expect(expressAvailable(BENGALURU, rules, { ...DEFAULT_SHIPPING_SETTINGS, expressEnabled: false })).toBe(false);
  });

  it('is one to two working days sooner, never under one day', () => {
    expect(expressDays({ min: 2, max: 4 })).toEqual({ min: 1, max: 2 });
    expect(expressDays({ min: 1, max: 2 })).toEqual({ min: 1, max: 1 });
    expect(expressDays({ min: 2, max: 3 })).toEqual({ min: 1, max: 1 });
    expect(expressDays({ min: 4, max: 7 })).toEqual({ min: 3, max: 5 });
  });

  it('quotes both options with their dates, fees and cash on delivery', () => {
    const quote = quoteDelivery(DELHI, MUMBAI, rules, monday, paid);
    expect(quote).toMatchObject({ cod: true, days: { min: 2, max: 4 }, deliverBy: { from: '2026-11-25', to: '2026-11-27' } });
    expect(quote.options).toEqual([
      { speed: 'standard', available: true, fee: 0, freeAbove: null, cod: true, days: { min: 2, max: 4 }, deliverBy: quote.deliverBy },
      {
        speed: 'express',
        available: true,
        fee: 149,
        freeAbove: 5_000,
        cod: true,
        days: { min: 1, max: 2 },
        deliverBy: { from: '2026-11-24', to: '2026-11-25' },
      },
    ]);
    expect(quoteDelivery(DELHI, MUMBAI, rules, monday, { ...paid, expressCod: false }).options[1]?.cod).toBe(false);
    const kochi = quoteDelivery(KOCHI, MUMBAI, rules, monday, paid);
    expect(kochi.options[1]).toMatchObject({ speed: 'express', available: false, days: null, deliverBy: null, cod: false });
    const unserved = quoteDelivery(CAMPBELL_BAY, MUMBAI, rules, monday, paid);
    expect(unserved.options.map((o) => o.available)).toEqual([false, false]);
  });

  it('charges the fee unless the goods reach the free-above threshold; standard is free', () => {
    expect(deliveryFee('standard', 100, paid)).toBe(0);
    expect(deliveryFee('express', 4_999, paid)).toBe(149);
    expect(deliveryFee('express', 5_000, paid)).toBe(0);
    expect(deliveryFee('express', 99_999, { expressFee: 149, expressFreeAbove: null })).toBe(149);
    expect(deliveryFee('express', 99_999, DEFAULT_SHIPPING_SETTINGS)).toBe(0);
    const option = quoteDelivery(DELHI, MUMBAI, rules, monday, paid).options[1];
    expect(option && optionFee(option, 4_999)).toBe(149);
  });

  it('an express order keeps its speed, fee and sooner range; express where it is not offered is refused', () => {
    expect(orderDelivery(DELHI, MUMBAI, rules, monday, { speed: 'express', goodsTotal: 3_000, shipping: paid })).toEqual({
      pin: DELHI.pin,
      zone: 'metro',
      speed: 'express',
      fee: 149,
      days: { min: 1, max: 2 },
      deliverBy: { from: '2026-11-24', to: '2026-11-25' },
    });
    expect(() => orderDelivery(KOCHI, MUMBAI, rules, monday, { speed: 'express', goodsTotal: 3_000, shipping: paid })).toThrow(
      expressUnavailableMessage(KOCHI.pin),
    );
    expect(orderDelivery(KOCHI, MUMBAI, rules, monday)).toMatchObject({ speed: 'standard', fee: 0 });
    // Orders stored before express read as standard and free.
    expect(parseOrderDelivery({ pin: '110001', zone: 'metro', days: { min: 2, max: 4 }, deliverBy: { from: 'a', to: 'b' } })).toMatchObject(
      {
        speed: 'standard',
        fee: 0,
      },
    );
  });

  it('words the home page from the settings', () => {
    expect(shippingWording(expressPolicyOf(rules, DEFAULT_SHIPPING_SETTINGS))).toEqual({
      freeTitle: 'Free shipping',
      freeText: 'Free shipping on all orders, no minimum.',
      expressTitle: 'Express delivery',
      expressText: 'Express delivery to metro and major cities at no extra cost.',
    });
    expect(shippingWording(expressPolicyOf(rules, paid))).toMatchObject({
      freeTitle: 'Free standard shipping',
      expressText: 'Express delivery to metro and major cities for ₹149, free on orders of ₹5,000 and above.',
    });
    expect(shippingWording(expressPolicyOf(rules, { ...paid, expressEnabled: false }))).toMatchObject({
      freeTitle: 'Free shipping',
      expressTitle: null,
    });
    const nowhere = { ...DEFAULT_SHIPPING_SETTINGS, tier1Districts: [], pinZones: [{ pin: '110001', zone: 'none' as const }] };
    expect(expressOffered({ metroDistricts: [] }, nowhere)).toBe(false);
  });

  it('the settings schema: fee, threshold, table rows once each', () => {
    const parsed = shippingSettingsSchema.parse({
      ...DEFAULT_SHIPPING_SETTINGS,
      expressFee: '99',
      expressFreeAbove: null,
      pinZones: [
        { pin: '682001', zone: 'tier1' },
        { pin: '110001', zone: 'none' },
        { pin: '682001', zone: 'metro' },
      ],
    });
    expect(parsed.expressFee).toBe(99);
    expect(parsed.pinZones).toEqual([
      { pin: '110001', zone: 'none' },
      { pin: '682001', zone: 'metro' },
    ]);
    expect(shippingSettingsSchema.safeParse({ ...DEFAULT_SHIPPING_SETTINGS, expressFee: 12.5 }).error?.issues[0]?.message).toBe(
      EXPRESS_FEE_MESSAGE,
    );
  });
});
