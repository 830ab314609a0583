import { describe, expect, it } from 'vitest';
import { aggregationReads, countStream, readsOf } from './op-counter.js';

describe('readsOf (bench:scale counts reads as Firestore bills them)', () => {
  it('a lookup of several documents: one read each, missing ones included', () => {
    expect(readsOf([{}, {}, {}])).toBe(3);
  });
  it('a query: one read per document, and one for a query that finds nothing', () => {
    expect(readsOf({ size: 12, docs: [] })).toBe(12);
    expect(readsOf({ size: 0, docs: [] })).toBe(1);
  });
  it('a document in a transaction: one read, whether or not it exists', () => {
    expect(readsOf({ exists: false, data: () => undefined })).toBe(1);
  });
  it('an aggregation: one read per 1,000 index entries, at least one', () => {
    const snap = (data: Record<string, number>) => ({ data: () => data });
    expect(aggregationReads({ n: { aggregateType: 'count' } }, snap({ n: 0 }))).toBe(1);
    expect(aggregationReads({ n: { aggregateType: 'count' }, paise: { aggregateType: 'sum' } }, snap({ n: 2_500, paise: 9_000_000 }))).toBe(
      3,
    );
    expect(aggregationReads({ paise: { aggregateType: 'sum' } }, snap({ paise: 9_000_000 }))).toBe(1);
  });
});

describe('countStream (a streamed query)', () => {
  it('passes every document through and counts a read each, one for none', async () => {
    const { Readable } = await import('node:stream');
    const counted: number[] = [];
    const out: unknown[] = [];
    for await (const doc of countStream(Readable.from([{ id: 'a' }, { id: 'b' }, { id: 'c' }]), (n) => counted.push(n))) out.push(doc);
    for await (const doc of countStream(Readable.from([]), (n) => counted.push(n))) out.push(doc);
    expect(out).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(counted).toEqual([3, 1]);
  });
  it('hands the query its error', async () => {
    const { Readable } = await import('node:stream');
    const failing = new Readable({
      objectMode: true,
      read() {
        this.destroy(new Error('deadline exceeded'));
      },
    });
    await expect(async () => {
      for await (const _doc of countStream(failing, () => undefined));
    }).rejects.toThrow('deadline exceeded');
  });
});
