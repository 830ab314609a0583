import { describe, expect, it } from 'vitest';
import { profileFromData } from './profile.js';

describe('profileFromData', () => {
  it('reads a profile; the role is the one passed in, not the stored mirror', () => {
    const stored = {
      fullname: { firstname: 'Asha', lastname: 'Rao' },
      email: 'asha@example.com',
      phonenumber: '9876543210',
      role: 'customer',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    expect(profileFromData('u1', stored, 'admin')).toEqual({
      _id: 'u1',
      fullname: { firstname: 'Asha', lastname: 'Rao' },
      email: 'asha@example.com',
      phonenumber: '9876543210',
      role: 'admin',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('gives a Google user without a phone number or names empty strings', () => {
    expect(profileFromData('u2', { email: 'g@example.com' }, 'customer')).toEqual({
      _id: 'u2',
      fullname: { firstname: '', lastname: '' },
      email: 'g@example.com',
      phonenumber: '',
      role: 'customer',
      createdAt: '',
    });
  });

  it('reads the chosen language, and leaves out one it does not know (docs/i18n.md)', () => {
    expect(profileFromData('u3', { email: 'h@example.com', locale: 'hi-IN' }, 'customer').locale).toBe('hi-IN');
    expect(profileFromData('u3', { email: 'h@example.com', locale: 'fr' }, 'customer')).not.toHaveProperty('locale');
  });

  it('rejects bad shapes', () => {
    expect(() => profileFromData('u', undefined, 'customer')).toThrow('users/u: expected an object');
    expect(() => profileFromData('u', { fullname: 'Asha Rao' }, 'customer')).toThrow('users/u.fullname: expected an object');
    expect(() => profileFromData('u', { phonenumber: 9876543210 }, 'customer')).toThrow('users/u.phonenumber: expected text');
  });
});
