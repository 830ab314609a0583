import { describe, expect, it } from 'vitest';
import { profileLocaleSchema } from './locale.js';

describe('profileLocaleSchema', () => {
  it('takes the two languages and nothing else', () => {
    expect(profileLocaleSchema.parse({ locale: 'hi-IN' })).toEqual({ locale: 'hi-IN' });
    expect(profileLocaleSchema.parse({ locale: 'en-IN' })).toEqual({ locale: 'en-IN' });
    expect(profileLocaleSchema.safeParse({ locale: 'hi' }).error?.issues[0]?.message).toBe('Language must be en-IN or hi-IN');
    expect(profileLocaleSchema.safeParse({}).success).toBe(false);
  });
});
