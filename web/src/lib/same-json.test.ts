import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json';

describe('sameJson', () => {
  it('is true for equal answers, false when any field differs', () => {
    const shown = [{ _id: 'a', stock: 3, images: [{ url: '/x' }] }];
    expect(sameJson(shown, shown)).toBe(true);
    expect(sameJson(shown, [{ _id: 'a', stock: 3, images: [{ url: '/x' }] }])).toBe(true);
    expect(sameJson(shown, [{ _id: 'a', stock: 2, images: [{ url: '/x' }] }])).toBe(false);
    expect(sameJson(shown, [])).toBe(false);
  });
});
