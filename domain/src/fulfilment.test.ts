import { describe, expect, it } from 'vitest';
import {
  awaitsCodConfirmation,
  churnBlockedUntil,
  labelContents,
  moveForEvent,
  orderStatusForEvent,
  reattemptDates,
  SHIPMENT_EVENTS,
} from './fulfilment.js';
import { createShipmentSchema, ndrActionSchema } from './schemas/fulfilment.js';

describe('courier events', () => {
  it('map to the lifecycle', () => {
    expect(SHIPMENT_EVENTS.map(orderStatusForEvent)).toEqual([
      null,
      'shipped',
      'shipped',
      'out_for_delivery',
      'completed',
      'delivery_failed',
      null,
      'returned_to_origin',
    ]);
  });

  it('never move an order back (a late in_transit after delivery or out for delivery)', () => {
    expect(moveForEvent('completed', 'in_transit', 1, 2)).toBeNull();
    expect(moveForEvent('out_for_delivery', 'in_transit', 5, 2)).toBeNull();
    expect(moveForEvent('shipped', 'picked_up', 5, 2)).toBeNull();
    expect(moveForEvent('returned_to_origin', 'delivered', 5, 2)).toBeNull();
  });

  it('alternate out for delivery and failed only forward in time', () => {
    expect(moveForEvent('out_for_delivery', 'failed_attempt', 10, 5)).toBe('delivery_failed');
    expect(moveForEvent('delivery_failed', 'out_for_delivery', 4, 5)).toBeNull();
    expect(moveForEvent('delivery_failed', 'out_for_delivery', 6, 5)).toBe('out_for_delivery');
    // Delivered wins even if its time is older than the last move (it is terminal).
    expect(moveForEvent('delivery_failed', 'delivered', 4, 5)).toBe('completed');
    expect(moveForEvent('shipped', 'delivered', 4, null)).toBe('completed');
  });
});

describe('failed delivery', () => {
  it('offers the next three working days in India, skipping Sunday', () => {
    // Thursday 26 Nov 2026, 20:00 UTC = Friday 27 Nov 01:30 IST.
    expect(reattemptDates(new Date('2026-11-26T20:00:00Z'))).toEqual(['2026-11-28', '2026-11-30', '2026-12-01']);
    expect(reattemptDates(new Date('2026-11-26T10:00:00Z'))).toEqual(['2026-11-27', '2026-11-28', '2026-11-30']);
  });

  it('checks the reattempt body', () => {
    expect(ndrActionSchema.safeParse({ action: 'reattempt', date: '2026-11-30' }).success).toBe(true);
    const bad = ndrActionSchema.safeParse({ action: 'return', date: '30/11/2026', phone: '12345' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Action must be 'reattempt'",
      'Date must be a day like 2026-11-30',
      'Phone must be a 10-digit Indian mobile number',
    ]);
  });
});

describe('shipments', () => {
  it('take optional courier, AWB, weight and size', () => {
    expect(createShipmentSchema.parse({})).toEqual({});
    expect(createShipmentSchema.parse({ courier: ' Delhivery ', awb: 'AWB-123456', weightGrams: '750' })).toEqual({
      courier: 'Delhivery',
      awb: 'AWB-123456',
      weightGrams: 750,
    });
    expect(createShipmentSchema.safeParse({ awb: 'a b' }).error?.issues[0]?.message).toBe('AWB must be 4 to 40 letters, digits or dashes');
  });
});

describe('stock-holding caps', () => {
  it('blocks for 24 h after the cap is reached', () => {
    const h = 3_600_000;
    const now = 100 * h;
    expect(churnBlockedUntil([now - 30 * h, now - 2 * h, now - h], 3, now)).toBeNull();
    expect(churnBlockedUntil([now - 3 * h, now - 2 * h, now - h], 3, now)?.getTime()).toBe(now - h + 24 * h);
  });

  it('knows a COD order that waits for its confirmation', () => {
    const cod = { required: true, confirmBy: null, confirmedAt: null, confirmedBy: null, via: null };
    expect(awaitsCodConfirmation({ paymentMethod: 'COD', status: 'pending', cod })).toBe(true);
    expect(awaitsCodConfirmation({ paymentMethod: 'COD', status: 'pending', cod: { ...cod, confirmedAt: 'x' } })).toBe(false);
    expect(awaitsCodConfirmation({ paymentMethod: 'COD', status: 'pending', cod: null })).toBe(false);
    expect(awaitsCodConfirmation({ paymentMethod: 'ONLINE', status: 'pending', cod })).toBe(false);
  });
});

describe('fulfilment dashboard figures', () => {
  it('counts RTO rates by payment method and deliveries on time', async () => {
    const { fulfilmentFigures } = await import('./fulfilment.js');
    const f = (
      paymentMethod: 'COD' | 'ONLINE',
      status: 'completed' | 'returned_to_origin' | 'pending',
      deliveredAt: string | null = null,
    ) => ({
      paymentMethod,
      status,
      shipped: status !== 'pending',
      deliveredAt,
      promisedBy: '2026-11-20',
    });
    const figures = fulfilmentFigures(
      [
        f('COD', 'returned_to_origin'),
        f('COD', 'completed', '2026-11-20T17:00:00Z'), // 22:30 IST on the 20th: on time
        f('COD', 'completed', '2026-11-20T19:00:00Z'), // 00:30 IST on the 21st: late
        f('ONLINE', 'completed', '2026-11-19T10:00:00Z'),
        f('ONLINE', 'pending'),
      ],
      { openNdrs: 2, codAwaitingConfirmation: 1 },
    );
    expect(figures.rto.cod).toEqual({ shipped: 3, returned: 1, rate: 1 / 3 });
    expect(figures.rto.prepaid).toEqual({ shipped: 1, returned: 0, rate: 0 });
    expect(figures.deliveries).toMatchObject({ delivered: 3, onTime: 2 });
    expect(figures.deliveries.bySpeed).toEqual({ standard: { delivered: 3, onTime: 2 }, express: { delivered: 0, onTime: 0 } });
    // Split by speed (issue 40): an express order delivered after its (sooner) promise is late for express.
    const split = fulfilmentFigures(
      [
        { ...f('ONLINE', 'completed', '2026-11-21T10:00:00Z'), speed: 'express' },
        { ...f('ONLINE', 'completed', '2026-11-19T10:00:00Z'), speed: 'express' },
        f('COD', 'completed', '2026-11-20T10:00:00Z'),
      ],
      { openNdrs: 0, codAwaitingConfirmation: 0 },
    );
    expect(split.deliveries).toEqual({
      delivered: 3,
      onTime: 2,
      bySpeed: { standard: { delivered: 1, onTime: 1 }, express: { delivered: 2, onTime: 1 } },
    });
    expect(figures.openNdrs).toBe(2);
  });

  it('makes the same figures from counts, on time being delivered less late', async () => {
    const { fulfilmentFiguresOf } = await import('./fulfilment.js');
    expect(
      fulfilmentFiguresOf({
        cod: { shipped: 3, returned: 1 },
        prepaid: { shipped: 0, returned: 0 },
        delivered: 3,
        late: 1,
        openNdrs: 2,
        codAwaitingConfirmation: 1,
      }),
    ).toEqual({
      rto: { cod: { shipped: 3, returned: 1, rate: 1 / 3 }, prepaid: { shipped: 0, returned: 0, rate: null } },
      deliveries: { delivered: 3, onTime: 2, bySpeed: { standard: { delivered: 3, onTime: 2 }, express: { delivered: 0, onTime: 0 } } },
      openNdrs: 2,
      codAwaitingConfirmation: 1,
    });
  });

  it('is late only after the promised day in India, never without a promise', async () => {
    const { deliveredLate } = await import('./fulfilment.js');
    expect(deliveredLate(new Date('2026-11-20T18:29:59Z'), '2026-11-20')).toBe(false);
    expect(deliveredLate(new Date('2026-11-20T18:30:00Z'), '2026-11-20')).toBe(true);
    expect(deliveredLate(new Date('2026-12-31T00:00:00Z'), null)).toBe(false);
    expect(deliveredLate(new Date('2026-12-31T00:00:00Z'), '')).toBe(false);
  });
});

describe('labelContents', () => {
  const order = { paymentMethod: 'COD', items: [{ name: 'Voyager Trolley', variantLabel: 'Size: Cabin', quantity: 2 }] };
  it("lists the order's lines and collects cash on a COD order's own parcel", () => {
    expect(labelContents(order, {})).toEqual({ items: [{ name: 'Voyager Trolley (Size: Cabin)', quantity: 2 }], cod: true });
  });
  it("lists an exchange's new variant and collects nothing", () => {
    const items = [{ name: 'Voyager Trolley', variantLabel: 'Size: Medium', sku: 'VT-M', quantity: 1 }];
    expect(labelContents(order, { kind: 'exchange', items })).toEqual({
      items: [{ name: 'Voyager Trolley (Size: Medium)', quantity: 1 }],
      cod: false,
    });
  });
});
