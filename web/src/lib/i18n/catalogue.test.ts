import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { EN_IN } from './en-IN';
import { HI_IN } from './hi-IN';
import { CATALOGUES, otherLanguagePath, translate } from './index';

/** The names of a message's arguments (`{name}`, plurals, selects), to compare the two languages. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date) into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('the message catalogues (docs/i18n.md)', () => {
  it('hi-IN has every key of en-IN and no other', () => {
    expect(Object.keys(HI_IN).sort()).toEqual(Object.keys(EN_IN).sort());
    for (const [key, text] of Object.entries(HI_IN)) expect(text.trim(), key).not.toBe('');
  });

  it('every message parses, and both languages take the same arguments', () => {
    for (const key of Object.keys(EN_IN) as (keyof typeof EN_IN)[]) {
      const en = argumentsOf(parse(CATALOGUES['en-IN'][key], { ignoreTag: true }));
      const hi = argumentsOf(parse(CATALOGUES['hi-IN'][key], { ignoreTag: true }));
      expect([...hi].sort(), key).toEqual([...en].sort());
    }
  });

  it('counts with the plural rules of each language', () => {
    expect(translate('en-IN', 'count.items', { count: 1 })).toBe('1 item');
    expect(translate('en-IN', 'count.items', { count: 0 })).toBe('0 items');
    expect(translate('en-IN', 'count.items', { count: 3 })).toBe('3 items');
    expect(translate('hi-IN', 'count.items', { count: 1 })).toBe('1 आइटम');
    expect(translate('hi-IN', 'count.items', { count: 12 })).toBe('12 आइटम');
    // Hindi counts 0 and 1 as "one" (CLDR); en-IN digits and lakh grouping in both.
    expect(new Intl.PluralRules('hi-IN').select(0)).toBe('one');
    expect(translate('hi-IN', 'count.products', { count: 123456 })).toBe('1,23,456 प्रोडक्ट');
    expect(translate('en-IN', 'count.products', { count: 123456 })).toBe('1,23,456 products');
  });

  it('keeps the spec English and fills arguments', () => {
    expect(translate('en-IN', 'footer.note', { year: 2026 })).toBe(
      '© 2026 Bagshop · Free shipping on all orders across India · Prices in ₹ include GST',
    );
    expect(translate('en-IN', 'home.arrivalsText', { limited: 'yes', freeShipping: 'Free shipping', express: 'no' })).toBe(
      "This season's hardshell trolleys have landed, some down to their last few. Free shipping on all orders.",
    );
  });

  it('switches a page to its twin in the other language', () => {
    expect(otherLanguagePath('/product/p1', '?variant=v2')).toEqual({ locale: 'hi-IN', to: '/hi/product/p1?variant=v2' });
    expect(otherLanguagePath('/hi/product/p1', '')).toEqual({ locale: 'en-IN', to: '/product/p1' });
    expect(otherLanguagePath('/', '')).toEqual({ locale: 'hi-IN', to: '/hi' });
    expect(otherLanguagePath('/hi', '')).toEqual({ locale: 'en-IN', to: '/' });
  });
});
