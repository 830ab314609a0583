import { describe, expect, it } from 'vitest';
import { CodecError, Fields, toPlainData } from './plain.js';

class FakeTimestamp {
  constructor(readonly ms: number) {}
}
const dateOf = (v: object) => (v instanceof FakeTimestamp ? new Date(v.ms) : null);

describe('toPlainData', () => {
  it('turns the edge’s timestamps and Dates into ISO strings, deep in lists and objects', () => {
    const at = new FakeTimestamp(Date.UTC(2026, 10, 21, 4, 30));
    const bytes = new Uint8Array([1, 2]);
    expect(toPlainData({ createdAt: at, when: new Date(0), list: [{ at }], nested: { n: 1, s: 'x', none: null }, bytes }, dateOf)).toEqual({
      createdAt: '2026-11-21T04:30:00.000Z',
      when: '1970-01-01T00:00:00.000Z',
      list: [{ at: '2026-11-21T04:30:00.000Z' }],
      nested: { n: 1, s: 'x', none: null },
      bytes,
    });
  });
});

describe('Fields', () => {
  const f = Fields.of({ s: 'text', n: 3, b: true, d: '2026-11-21T00:00:00.000Z', nil: null, o: { x: 'y' }, l: ['a', 'b'], bad: {} }, 'doc');

  it('reads present values and gives defaults for absent or null ones', () => {
    expect([f.text('s'), f.text('nil'), f.text('absent', 'dflt')]).toEqual(['text', '', 'dflt']);
    expect([f.number('n'), f.number('nil'), f.number('absent', 7)]).toEqual([3, 0, 7]);
    expect([f.boolean('b'), f.boolean('absent')]).toEqual([true, false]);
    expect([f.date('d'), f.date('absent'), f.dateOrNull('nil')]).toEqual(['2026-11-21T00:00:00.000Z', '', null]);
    expect([f.textOrNull('s'), f.textOrNull('nil')]).toEqual(['text', null]);
    expect(f.object('o').text('x')).toBe('y');
    expect(f.object('absent').text('x')).toBe('');
    expect(f.objectOrNull('nil')).toBeNull();
    expect(f.textList('l')).toEqual(['a', 'b']);
    expect(f.list('absent', String)).toEqual([]);
    expect(f.oneOf('s', ['text', 'other'], 'other')).toBe('text');
    expect(f.oneOf('absent', ['text', 'other'], 'other')).toBe('other');
  });

  it('rejects values of the wrong kind, naming the field', () => {
    expect(() => f.text('n')).toThrow(new CodecError('doc.n', 'text'));
    expect(() => f.number('s')).toThrow('doc.s: expected a number');
    expect(() => Fields.of({ n: Number.NaN }, 'doc').number('n')).toThrow(CodecError);
    expect(() => f.boolean('s')).toThrow(CodecError);
    expect(() => f.date('s')).toThrow('doc.s: expected an ISO date');
    expect(() => f.date('n')).toThrow(CodecError);
    expect(() => f.oneOf('s', ['a', 'b'], 'a')).toThrow('doc.s: expected one of a, b');
    expect(() => f.required('absent', ['a', 'b'])).toThrow('doc.absent: expected one of a, b');
    expect(f.required('s', ['text'])).toBe('text');
    expect(() => f.object('s')).toThrow('doc.s: expected an object');
    expect(() => f.object('l')).toThrow(CodecError);
    expect(() => f.list('s', String)).toThrow('doc.s: expected a list');
    expect(() => Fields.of({ l: ['a', 1] }, 'doc').textList('l')).toThrow('doc.l[1]: expected text');
  });

  it('rejects a document that is not an object', () => {
    for (const bad of [null, undefined, 'x', 3, ['a']]) expect(() => Fields.of(bad, 'doc')).toThrow('doc: expected an object');
    expect(Fields.orEmpty(undefined, 'doc').text('x')).toBe('');
  });
});
