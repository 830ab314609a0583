import { describe, expect, it } from 'vitest';
import { splitDisplayName } from './names.js';

describe('splitDisplayName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitDisplayName('Asha Rani Menon', 'a@b.co')).toEqual({ firstname: 'Asha', lastname: 'Rani Menon' });
    expect(splitDisplayName('  Rahul   Sharma ', null)).toEqual({ firstname: 'Rahul', lastname: 'Sharma' });
  });

  it('keeps a one-word name as the first name', () => {
    expect(splitDisplayName('Madonna', 'm@b.co')).toEqual({ firstname: 'Madonna', lastname: '' });
  });

  it('falls back to the part of the email before @, or nothing', () => {
    expect(splitDisplayName(undefined, 'kavya.r@example.com')).toEqual({ firstname: 'kavya.r', lastname: '' });
    expect(splitDisplayName('   ', null)).toEqual({ firstname: '', lastname: '' });
  });

  it('cuts each name to 50 characters', () => {
    const long = 'x'.repeat(80);
    expect(splitDisplayName(`${long} ${long}`, null)).toEqual({ firstname: 'x'.repeat(50), lastname: 'x'.repeat(50) });
  });
});
