import { describe, expect, it } from 'vitest';
import { isPublicApiRead, trackingFreeLocation } from './public-reads.js';

describe('isPublicApiRead', () => {
  it('catalogue reads, the seller, delivery quotes and images are public', () => {
    for (const path of [
      'products',
      'products/',
      'products/category/luggage',
      'products/search?q=navy',
      'products/voyager-55',
      'products/voyager-55/reviews',
      '/api/products',
      'seller',
      'delivery',
      'delivery/411001',
      'images/abc',
    ]) {
      expect(isPublicApiRead(path), path).toBe(true);
    }
    expect(isPublicApiRead('products', 'HEAD')).toBe(true);
  });

  it('a shopper’s own things, writes and everything else are not', () => {
    for (const path of [
      'products/voyager-55/reviews/mine',
      'products/voyager-55/reviews/eligibility',
      'cart',
      'order/all',
      'users/currentUser',
      'admin/dashboard',
      'admin/delivery',
      'delivery/411001/x',
      'sellers',
    ]) {
      expect(isPublicApiRead(path), path).toBe(false);
    }
    expect(isPublicApiRead('products/voyager-55', 'PATCH')).toBe(false);
    expect(isPublicApiRead('products/createProducts', 'POST')).toBe(false);
  });
});

describe('trackingFreeLocation', () => {
  it('drops utm_*, fbclid and gclid and keeps the rest in order', () => {
    expect(trackingFreeLocation('/luggage', '?utm_source=ig&sort=price_asc&fbclid=x')).toBe('/luggage?sort=price_asc');
    expect(trackingFreeLocation('/product/voyager-55', '?gclid=abc')).toBe('/product/voyager-55');
    expect(trackingFreeLocation('/search', '?q=navy+trolley&UTM_Campaign=diwali')).toBe('/search?q=navy+trolley');
    expect(trackingFreeLocation('/luggage/', '?utm_medium=mail')).toBe('/luggage/');
  });

  it('never sends the browser to another host', () => {
    expect(trackingFreeLocation('//evil.example/x', '?utm_source=a')).toBe('/evil.example/x');
    expect(trackingFreeLocation('/\\evil.example', '?gclid=a')).toBe('/evil.example');
  });

  it('null when there is nothing to drop', () => {
    expect(trackingFreeLocation('/luggage', '')).toBeNull();
    expect(trackingFreeLocation('/luggage', '?sort=newest')).toBeNull();
    expect(trackingFreeLocation('/search', '?q=utm_source')).toBeNull();
    expect(trackingFreeLocation('/product/x', '?variant=abc&utmost=1')).toBeNull();
  });

  it('reads an escaped parameter name as the browser sends it, and survives a bad escape', () => {
    expect(trackingFreeLocation('/luggage', '?utm%5Fsource=x')).toBe('/luggage');
    expect(trackingFreeLocation('/luggage', '?%E0%A4=1&gclid=2')).toBe('/luggage?%E0%A4=1');
  });
});
