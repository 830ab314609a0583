import { describe, expect, it } from 'vitest';
import { istDayKey, istDayStart, lastIstDays } from './dashboard.js';

describe('IST day arithmetic', () => {
  it('puts an instant on its India calendar day', () => {
    expect(istDayKey(new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21');
    expect(istDayKey(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
    expect(istDayKey(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
  });

  it('starts an IST day at 18:30 UTC the day before', () => {
    expect(istDayStart('2026-11-21').toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(istDayKey(istDayStart('2026-03-01'))).toBe('2026-03-01');
  });

  it('lists the last 7 days oldest first, across a month end', () => {
    expect(lastIstDays(new Date('2026-12-02T20:00:00Z'), 7)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    expect(lastIstDays(new Date('2026-11-21T10:00:00Z'), 1)).toEqual(['2026-11-21']);
  });
});
