import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { plainData, plainDoc } from './firestore-data.js';

describe('plainData', () => {
  it('turns Admin SDK Timestamps into ISO strings, however deep', () => {
    const at = Timestamp.fromDate(new Date('2026-11-21T10:00:00.000Z'));
    expect(plainData({ createdAt: at, payment: { paidAt: at, refund: null }, statusHistory: [{ at }], stock: 3 })).toEqual({
      createdAt: '2026-11-21T10:00:00.000Z',
      payment: { paidAt: '2026-11-21T10:00:00.000Z', refund: null },
      statusHistory: [{ at: '2026-11-21T10:00:00.000Z' }],
      stock: 3,
    });
  });

  it('reads a missing document as {}', () => {
    expect(plainDoc({ data: () => undefined })).toEqual({});
  });
});
