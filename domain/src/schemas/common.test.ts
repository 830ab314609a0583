import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  LIMITS,
  docIdSchema,
  fieldErrors,
  firstMessage,
  optionalTextField,
  quantitySchema,
  textField,
  matches,
  toNumberInput,
  wholeNumberField,
} from './common.js';

describe('LIMITS', () => {
  it('holds the design limits', () => {
    expect(LIMITS).toEqual({
      name: 50,
      email: 254,
      phone: 10,
      addressLine: 200,
      description: 5000,
      password: 128,
      priceMin: 1,
      priceMax: 1000000,
      quantityMax: 10000,
      stockMax: 10000,
    });
  });
});

describe('docIdSchema', () => {
  it('accepts Firestore-style ids', () => {
    expect(docIdSchema.parse('aB3_-x')).toBe('aB3_-x');
    expect(docIdSchema.parse('x'.repeat(128))).toHaveLength(128);
  });

  it.each(['', 'a/b', 'a.b', '..', '__id__', 'x'.repeat(129), 'x'.repeat(100000), 5, null, undefined, ['a']])(
    'rejects %j with "Invalid id"',
    (bad) => {
      const result = docIdSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid id']);
    },
  );
});

describe('fieldErrors / firstMessage', () => {
  const schema = z.object({
    a: z.string().min(2, 'a short').regex(/x/, 'a no x'),
    b: z.object({ c: z.number({ error: 'c number' }) }),
  });

  it('gives one entry per field, the first message, path joined with dots', () => {
    const result = schema.safeParse({ a: 'y', b: { c: 'no' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual([
      { field: 'a', message: 'a short' },
      { field: 'b.c', message: 'c number' },
    ]);
    expect(firstMessage(result.error)).toBe('a short');
  });

  it('uses an empty field for a problem with the body itself', () => {
    const result = schema.safeParse(null);
    if (result.success) throw new Error('expected failure');
    expect(fieldErrors(result.error)[0]?.field).toBe('');
    expect(firstMessage({ issues: [] })).toBe('Invalid input');
  });
});

describe('textField', () => {
  const code = textField({ label: 'Code', max: 5, rules: [matches(/^[A-Z]+$/, 'Capitals only')] });
  const messages = (value: unknown) => code.safeParse(value).error?.issues.map((i) => i.message);

  it('trims and passes a good value', () => {
    expect(code.parse('  ABC ')).toBe('ABC');
  });

  it('reports exactly one problem: required, type, length, then rules', () => {
    expect(messages(undefined)).toEqual(['Code is required']);
    expect(messages(null)).toEqual(['Code is required']);
    expect(messages('   ')).toEqual(['Code is required']);
    expect(messages(12)).toEqual(['Code must be text']);
    expect(messages(['A'])).toEqual(['Code must be text']);
    expect(messages('abcdefg')).toEqual(['Code must be at most 5 characters']);
    expect(messages('abc')).toEqual(['Capitals only']);
  });

  it('optionalTextField defaults to an empty string', () => {
    const note = optionalTextField({ label: 'Note', max: 3 });
    expect(note.parse(undefined)).toBe('');
    expect(note.parse(null)).toBe('');
    expect(note.parse(' hi ')).toBe('hi');
    expect(note.safeParse('long').error?.issues[0]?.message).toBe('Note must be at most 3 characters');
    expect(note.safeParse(1).error?.issues[0]?.message).toBe('Note must be text');
  });
});

describe('numbers', () => {
  it('reads plain decimal strings only', () => {
    expect(toNumberInput(' 42 ')).toBe(42);
    expect(toNumberInput('')).toBe(null);
    expect(Object.is(toNumberInput('-0'), 0)).toBe(true);
    expect(Object.is(toNumberInput(-0), 0)).toBe(true);
    for (const odd of ['1e309', '1e3', '0x10', 'NaN', 'Infinity', '1,000', 'abc']) {
      expect(toNumberInput(odd)).toBeNaN();
    }
  });

  it('wholeNumberField keeps whole numbers in range', () => {
    const n = wholeNumberField({ min: 0, max: 10, message: 'Bad', required: 'Needed' });
    expect(n.parse('7')).toBe(7);
    expect(n.parse(10)).toBe(10);
    expect(n.safeParse(undefined).error?.issues[0]?.message).toBe('Needed');
    expect(n.safeParse('').error?.issues[0]?.message).toBe('Needed');
    for (const bad of ['11', -1, 1.5, '-0.5', Number.NaN, Number.POSITIVE_INFINITY, '1e309', true, [], {}]) {
      expect(n.safeParse(bad).error?.issues[0]?.message).toBe('Bad');
    }
  });

  it('quantitySchema is 1 to 10,000', () => {
    expect(quantitySchema.parse(1)).toBe(1);
    expect(quantitySchema.parse('10000')).toBe(10000);
    for (const bad of [0, 10001, 2.5]) {
      expect(quantitySchema.safeParse(bad).error?.issues[0]?.message).toBe('Quantity must be a whole number between 1 and 10,000');
    }
  });
});

describe('zod configuration', () => {
  it('parses without compiling code (jitless), so a strict CSP without unsafe-eval allows it', () => {
    expect(z.config().jitless).toBe(true);
    const original = globalThis.Function;
    const compiled: string[] = [];
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        compiled.push(args.join(','));
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) });
      expect(schema.parse({ a: 'x', b: { c: 1 } })).toEqual({ a: 'x', b: { c: 1 } });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toEqual([]);
  });
});
