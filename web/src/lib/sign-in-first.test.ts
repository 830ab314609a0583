import { describe, expect, it } from 'vitest';
import { safeNext } from './sign-in-first';

describe('safeNext', () => {
  it('keeps a path of this site', () => {
    expect(safeNext('/orders/abc?x=1')).toBe('/orders/abc?x=1');
  });

  it('refuses another site, however it is written', () => {
    for (const next of [null, '', 'https://evil.test', '//evil.test', '/\\evil.test']) expect(safeNext(next)).toBeNull();
  });

  it('refuses control characters, which browsers drop from a URL ("/\\t/evil.test" becomes "//evil.test"; issue 37)', () => {
    for (const next of ['/\t/evil.test', '/\n/evil.test', '/\r//evil.test', '/orders\u0000', '/x\u007f'])
      expect(safeNext(next), JSON.stringify(next)).toBeNull();
  });
});
