import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiData, isPublicRead } from './api-client';

const signedIn = { currentUser: { getIdToken: vi.fn(async () => 'id-token') } };
vi.mock('./auth-loader', () => ({ loadedAuth: () => signedIn }));

describe('the ID token on API calls', () => {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, headers: init.headers as Record<string, string> });
        return new Response(JSON.stringify({ success: true, data: [] }), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the catalogue’s public reads', () => {
    expect(isPublicRead('products/')).toBe(true);
    expect(isPublicRead('products/category/luggage')).toBe(true);
    expect(isPublicRead('products/search?q=navy')).toBe(true);
    expect(isPublicRead('products/voyager-55')).toBe(true);
    expect(isPublicRead('products/voyager-55/reviews')).toBe(true);
    expect(isPublicRead('products/voyager-55/reviews/mine')).toBe(false);
    expect(isPublicRead('products/voyager-55/reviews/eligibility')).toBe(false);
    expect(isPublicRead('products/voyager-55', 'PATCH')).toBe(false);
    expect(isPublicRead('cart/')).toBe(false);
    expect(isPublicRead('order/')).toBe(false);
    // The seller and delivery quotes are public too (the product page asks for both).
    expect(isPublicRead('seller')).toBe(true);
    expect(isPublicRead('delivery/411001')).toBe(true);
    expect(isPublicRead('admin/delivery')).toBe(false);
  });

  it('a signed-in shopper’s catalogue read goes without Authorization (the CDN can answer it); their cart read carries it', async () => {
    await apiData('products/category/luggage');
    await apiData('cart/');
    await apiData('delivery/411001');
    expect(sent[0]?.headers.Authorization).toBeUndefined();
    expect(sent[1]?.headers.Authorization).toBe('Bearer id-token');
    expect(sent[2]?.headers.Authorization).toBeUndefined();
  });
});
