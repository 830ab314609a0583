import { describe, it, expect } from 'vitest';
import { formatDateIN, formatDateTimeIN } from './dates.js';

describe('dates', () => {
  it('formats ISO dates en-IN in India time', () => {
    expect(formatDateIN('2026-11-21T10:00:00.000Z')).toBe('21 Nov 2026');
    expect(formatDateIN('2026-11-21T20:00:00.000Z')).toBe('22 Nov 2026'); // 01:30 IST next day
    expect(formatDateIN('not a date')).toBe('');
  });

  it('formats date and time en-IN in India time', () => {
    expect(formatDateTimeIN('2026-11-18T16:45:00.000Z')).toBe('18 Nov 2026, 10:15 pm');
    expect(formatDateTimeIN(null)).toBe('');
    expect(formatDateTimeIN('not a date')).toBe('');
  });
});
