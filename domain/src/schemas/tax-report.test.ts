import { describe, expect, it } from 'vitest';
import { MONTH_MESSAGE, TAX_CURSOR_MESSAGE, taxReportQuerySchema } from './tax-report.js';

describe('taxReportQuerySchema', () => {
  it('takes a month and a page cursor, both optional', () => {
    expect(taxReportQuerySchema.parse({})).toEqual({});
    expect(taxReportQuerySchema.parse({ month: '2026-11', cursor: 'eyJ0IjoxfQ' })).toEqual({ month: '2026-11', cursor: 'eyJ0IjoxfQ' });
  });

  it('refuses a malformed month or cursor with a message', () => {
    expect(taxReportQuerySchema.safeParse({ month: '2026-13' }).error?.issues[0]?.message).toBe(MONTH_MESSAGE);
    expect(taxReportQuerySchema.safeParse({ cursor: 'a b' }).error?.issues[0]?.message).toBe(TAX_CURSOR_MESSAGE);
    expect(taxReportQuerySchema.safeParse({ cursor: 'x'.repeat(401) }).error?.issues[0]?.message).toBe(TAX_CURSOR_MESSAGE);
    expect(taxReportQuerySchema.safeParse({ cursor: ['a', 'b'] }).error?.issues[0]?.message).toBe(TAX_CURSOR_MESSAGE);
  });
});
