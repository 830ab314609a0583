import { describe, expect, it } from 'vitest';
import {
  capApplies,
  decideSend,
  inQuietHours,
  isPriceDrop,
  nextAllowedSendTime,
  priceDropAllowed,
  purposeOfFlow,
} from './messaging-policy.js';

// IST = UTC + 5:30.
const ist = (s: string) => new Date(`${s}+05:30`);

describe('quiet hours 21:00–09:00 IST', () => {
  it('are quiet from 21:00 to 08:59 and open from 09:00 to 20:59', () => {
    expect(inQuietHours(ist('2026-12-02T20:59:00'))).toBe(false);
    expect(inQuietHours(ist('2026-12-02T21:00:00'))).toBe(true);
    expect(inQuietHours(ist('2026-12-03T03:00:00'))).toBe(true);
    expect(inQuietHours(ist('2026-12-03T08:59:59'))).toBe(true);
    expect(inQuietHours(ist('2026-12-03T09:00:00'))).toBe(false);
  });

  it('the next allowed time is 09:00 IST the same morning, or the next one after 21:00', () => {
    expect(nextAllowedSendTime(ist('2026-12-02T22:30:00')).toISOString()).toBe(ist('2026-12-03T09:00:00').toISOString());
    expect(nextAllowedSendTime(ist('2026-12-03T02:00:00')).toISOString()).toBe(ist('2026-12-03T09:00:00').toISOString());
    expect(nextAllowedSendTime(ist('2026-12-31T23:59:00')).toISOString()).toBe(ist('2027-01-01T09:00:00').toISOString());
    const noon = ist('2026-12-03T12:00:00');
    expect(nextAllowedSendTime(noon)).toBe(noon);
  });
});

describe('decideSend', () => {
  const noon = ist('2026-12-03T12:00:00');
  it('drops without consent, whatever the hour', () => {
    expect(decideSend({ flow: 'back-in-stock', at: noon, consented: false, lastCappedAt: null })).toEqual({
      action: 'drop',
      reason: 'no-consent',
    });
  });
  it('sends in the day, waits for 09:00 at night', () => {
    expect(decideSend({ flow: 'price-drop', at: noon, consented: true, lastCappedAt: null })).toEqual({ action: 'send' });
    expect(decideSend({ flow: 'price-drop', at: ist('2026-12-03T22:00:00'), consented: true, lastCappedAt: null })).toEqual({
      action: 'wait',
      until: ist('2026-12-04T09:00:00'),
    });
  });
  it('holds a capped flow for 24 hours after the last capped message (then out of quiet hours)', () => {
    const last = ist('2026-12-03T10:00:00');
    expect(decideSend({ flow: 'price-drop', at: noon, consented: true, lastCappedAt: last })).toEqual({
      action: 'wait',
      until: ist('2026-12-04T10:00:00'),
    });
    expect(decideSend({ flow: 'abandoned-checkout', at: ist('2026-12-04T10:00:00'), consented: true, lastCappedAt: last })).toEqual({
      action: 'send',
    });
    const lateLast = ist('2026-12-03T20:30:00');
    expect(decideSend({ flow: 'price-drop', at: noon, consented: true, lastCappedAt: ist('2026-12-02T11:00:00') })).toEqual({
      action: 'send',
    });
    expect(decideSend({ flow: 'price-drop', at: ist('2026-12-04T12:00:00'), consented: true, lastCappedAt: lateLast })).toEqual({
      action: 'wait',
      until: ist('2026-12-04T20:30:00'),
    });
  });
  it('a back-in-stock alert is not held by the cap', () => {
    expect(capApplies('back-in-stock')).toBe(false);
    expect(decideSend({ flow: 'back-in-stock', at: noon, consented: true, lastCappedAt: ist('2026-12-03T11:00:00') })).toEqual({
      action: 'send',
    });
  });
  it('flows need their purpose', () => {
    expect(purposeOfFlow('abandoned-checkout')).toBe('marketing');
    expect(purposeOfFlow('price-drop')).toBe('alerts');
    expect(purposeOfFlow('back-in-stock')).toBe('alerts');
  });
});

describe('price drops', () => {
  it('9 % is not a drop, 10 % is', () => {
    expect(isPriceDrop(100_000, 91_000)).toBe(false);
    expect(isPriceDrop(100_000, 90_001)).toBe(false);
    expect(isPriceDrop(100_000, 90_000)).toBe(true);
    expect(isPriceDrop(0, 0)).toBe(false);
  });
  it('at most once a week per item', () => {
    const at = ist('2026-12-10T12:00:00');
    expect(priceDropAllowed(null, at)).toBe(true);
    expect(priceDropAllowed(ist('2026-12-04T12:00:00'), at)).toBe(false);
    expect(priceDropAllowed(ist('2026-12-03T12:00:00'), at)).toBe(true);
  });
});
