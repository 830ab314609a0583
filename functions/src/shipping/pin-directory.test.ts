import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/pin-data.ts';
import { PIN_DATA_SOURCE } from './pin-data.js';
import { allDistricts, findDistrict, lookupPin, pinCount } from './pin-directory.js';

describe('PIN directory', () => {
  it('knows every PIN of the source with its state and district', () => {
    expect(pinCount()).toBe(PIN_DATA_SOURCE.pins);
    expect(pinCount()).toBeGreaterThan(19_000);
    expect(lookupPin('560001')).toEqual({ pin: '560001', state: 'Karnataka', district: 'Bengaluru Urban' });
    expect(lookupPin('400013')).toEqual({ pin: '400013', state: 'Maharashtra', district: 'Mumbai' });
    expect(lookupPin('110001')).toEqual({ pin: '110001', state: 'Delhi', district: 'New Delhi' });
    expect(lookupPin('194101')).toEqual({ pin: '194101', state: 'Ladakh', district: 'Leh Ladakh' });
    expect(lookupPin('500001')?.state).toBe('Telangana');
    expect(lookupPin('396210')?.state).toBe('Dadra and Nagar Haveli and Daman and Diu');
  });

  it('drops rows that contradict their postal circle (Agartala is in Tripura)', () => {
    expect(lookupPin('799001')?.state).toBe('Tripura');
  });

  it('answers null for unknown and malformed PINs', () => {
    for (const pin of ['000000', '999999', '100000', '12345', '1234567', 'abcdef', ' 560001']) expect(lookupPin(pin), pin).toBeNull();
  });

  it('finds districts by the directory spelling, in any case', () => {
    expect(findDistrict('Maharashtra', 'mumbai suburban')).toEqual({ state: 'Maharashtra', district: 'Mumbai Suburban' });
    expect(findDistrict('Karnataka', 'Mumbai')).toBeNull();
    expect(allDistricts().length).toBeGreaterThan(700);
  });

  // Unzips and parses 165,627 post offices: about a second on a quiet machine, far more on a busy one.
  it('the committed data is what scripts/pin-data.ts makes from the pinned package', { timeout: 60_000 }, () => {
    const committed = readFileSync(new URL('./pin-data.ts', import.meta.url), 'utf8');
    expect(generate().text === committed).toBe(true);
  });
});
