import { describe, expect, it } from 'vitest';
import { basePath, isLocale, localeOfPath, localizedPath } from './locale.js';

describe('the shop languages', () => {
  it('reads the language of a path', () => {
    expect(localeOfPath('/')).toBe('en-IN');
    expect(localeOfPath('/luggage')).toBe('en-IN');
    expect(localeOfPath('/hi')).toBe('hi-IN');
    expect(localeOfPath('/hi/product/x')).toBe('hi-IN');
    expect(localeOfPath('/hiking')).toBe('en-IN');
  });

  it('moves a path between the languages', () => {
    expect(localizedPath('/', 'hi-IN')).toBe('/hi');
    expect(localizedPath('/luggage?sort=price', 'hi-IN')).toBe('/hi/luggage?sort=price');
    expect(localizedPath('/?x=1', 'hi-IN')).toBe('/hi?x=1');
    expect(localizedPath('/hi/luggage', 'en-IN')).toBe('/luggage');
    expect(localizedPath('/hi', 'en-IN')).toBe('/');
    expect(localizedPath('/hi/search?q=बैग', 'hi-IN')).toBe('/hi/search?q=बैग');
    expect(localizedPath('/api/products', 'hi-IN')).toBe('/api/products');
    expect(localizedPath('/admin/orders', 'hi-IN')).toBe('/admin/orders');
    expect(localizedPath('https://x.test/', 'hi-IN')).toBe('https://x.test/');
    expect(basePath('/hi/cart')).toBe('/cart');
    expect(basePath('/hi')).toBe('/');
    expect(basePath('/cart')).toBe('/cart');
  });

  it('knows its languages', () => {
    expect(isLocale('hi-IN')).toBe(true);
    expect(isLocale('hi')).toBe(false);
  });
});
