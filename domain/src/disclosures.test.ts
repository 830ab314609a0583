import { describe, expect, it } from 'vitest';
import { addOneMonth, complaintSchema, grievanceDeadlines, grievanceNumber, ticketAge } from './disclosures.js';

describe('grievance tickets', () => {
  it('numbers tickets GRV-<year>-<5 digits>', () => {
    expect(grievanceNumber(2026, 1)).toBe('GRV-2026-00001');
    expect(grievanceNumber(2027, 12345)).toBe('GRV-2027-12345');
  });

  it('gives 48 hours to acknowledge and one calendar month to resolve', () => {
    const created = new Date('2026-11-22T10:00:00Z');
    const { acknowledgeBy, resolveBy } = grievanceDeadlines(created);
    expect(acknowledgeBy.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(resolveBy.toISOString()).toBe('2026-12-22T10:00:00.000Z');
  });

  it('a month after the 31st is the next month’s last day; December rolls into January', () => {
    expect(addOneMonth(new Date('2027-01-31T08:00:00Z')).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addOneMonth(new Date('2028-01-31T08:00:00Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addOneMonth(new Date('2026-12-15T08:00:00Z')).toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });

  it('says how old a ticket is', () => {
    const created = new Date('2026-11-22T10:00:00Z');
    expect(ticketAge(created, new Date('2026-11-22T10:00:30Z'))).toBe('0 minutes');
    expect(ticketAge(created, new Date('2026-11-22T10:01:00Z'))).toBe('1 minute');
    expect(ticketAge(created, new Date('2026-11-22T15:00:00Z'))).toBe('5 hours');
    expect(ticketAge(created, new Date('2026-11-24T09:59:00Z'))).toBe('47 hours');
    expect(ticketAge(created, new Date('2026-11-25T10:00:00Z'))).toBe('3 days');
  });

  it('a complaint needs a name, an email, a subject and a few words', () => {
    const ok = complaintSchema.parse({
      name: ' Rahul ',
      email: 'RAHUL@example.in',
      subject: 'Late parcel',
      message: 'My bag has not arrived yet.',
    });
    expect(ok).toEqual({
      name: 'Rahul',
      email: 'rahul@example.in',
      phone: '',
      orderId: '',
      subject: 'Late parcel',
      message: 'My bag has not arrived yet.',
    });
    const bad = complaintSchema.safeParse({ name: '', email: 'nope', subject: 'x', message: 'short' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Name is required',
      'Invalid email',
      'Tell us a little more (at least 10 characters)',
    ]);
  });
});
