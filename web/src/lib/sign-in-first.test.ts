import { describe, expect, it } from 'vitest';
import { newThenToken, safeNext, takeThenToken, THEN_COOKIE, thenCookieHeader } from './sign-in-first';

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

describe('the one-time token of ?then= (issue 37)', () => {
  const setCookie = (header: string) => {
    document.cookie = header.replace(/; SameSite=Strict$/, '');
  };

  it('is taken once, for the token this browser was given', () => {
    const token = newThenToken();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    setCookie(thenCookieHeader(token));
    expect(document.cookie).toContain(`${THEN_COOKIE}=${token}`);
    expect(takeThenToken(token)).toBe(true);
    expect(takeThenToken(token)).toBe(false);
  });

  it('refuses a token from a link, and a link with none, and forgets the cookie', () => {
    const token = newThenToken();
    setCookie(thenCookieHeader(token));
    expect(takeThenToken(newThenToken())).toBe(false);
    expect(document.cookie).not.toContain(token);
    setCookie(thenCookieHeader(token));
    expect(takeThenToken(null)).toBe(false);
    expect(takeThenToken(token)).toBe(false);
  });
});
