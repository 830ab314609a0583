import { describe, expect, it } from 'vitest';
import { addressSchema } from './address.js';
import { BUYER_GSTIN_MESSAGES, businessBuyerOf, buyerGstinMessage } from './buyer-gstin.js';

const address = {
  street: '14, 2nd Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  country: 'India',
};
const messageOf = (input: Record<string, unknown>) =>
  addressSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('a business buyer’s GSTIN on an address (issue 41)', () => {
  it('is optional: an address without one parses as before, with empty fields', () => {
    expect(addressSchema.parse(address)).toMatchObject({ gstin: '', legalName: '' });
    expect(addressSchema.parse({ ...address, gstin: null, legalName: null })).toMatchObject({ gstin: '', legalName: '' });
  });

  it('takes a valid GSTIN with its legal name, upper-cased and without spaces; its state may differ from the delivery state', () => {
    const parsed = addressSchema.parse({ ...address, gstin: ' 27aacck 5678l1zx ', legalName: ' Kamal Travels Pvt Ltd ' });
    expect(parsed).toMatchObject({ gstin: '27AACCK5678L1ZX', legalName: 'Kamal Travels Pvt Ltd', state: 'Karnataka' });
  });

  it('refuses every position rule: length, state code, PAN letters and digits, entity number, Z', () => {
    const bad = [
      '29AABCT1234F1Z', // 14 characters
      '29AABCT1234F1ZMM', // 16
      '00AABCT1234F1ZM', // no state 00
      '39AABCT1234F1ZM', // no state 39
      'A9AABCT1234F1ZM', // state code not digits
      '291ABCT1234F1ZM', // PAN starts with 5 letters
      '29AABCTX234F1ZM', // then 4 digits
      '29AABCT123451ZM', // then a letter
      '29AABCT1234F0ZM', // entity number 1–9 or A–Z, not 0
      '29AABCT1234F1YM', // Z
      '29AABCT1234F1Z-', // check character a letter or digit
    ];
    for (const gstin of bad) {
      expect(buyerGstinMessage(gstin), gstin).toBe(BUYER_GSTIN_MESSAGES.invalid);
      expect(messageOf({ ...address, gstin, legalName: 'X Ltd' }), gstin).toEqual([`gstin: ${BUYER_GSTIN_MESSAGES.invalid}`]);
    }
  });

  it('refuses a wrong check character with its own message (every other character there)', () => {
    for (const c of '0123456789ABCDEFGHIJKLNOPQRSTUVWXYZ') {
      expect(buyerGstinMessage(`29AABCT1234F1Z${c}`)).toBe(BUYER_GSTIN_MESSAGES.checksum);
    }
    expect(buyerGstinMessage('29AABCT1234F1ZM')).toBeNull();
    expect(messageOf({ ...address, gstin: '29AABCT1234F1ZN', legalName: 'X Ltd' })).toEqual(["gstin: The GSTIN's check digit is wrong"]);
  });

  it('needs the legal name with the GSTIN, and the GSTIN with a legal name', () => {
    expect(messageOf({ ...address, gstin: '29AABCT1234F1ZM' })).toEqual([`legalName: ${BUYER_GSTIN_MESSAGES.legalNameRequired}`]);
    expect(messageOf({ ...address, legalName: 'X Ltd' })).toEqual([`gstin: ${BUYER_GSTIN_MESSAGES.legalNameWithoutGstin}`]);
    expect(messageOf({ ...address, gstin: '29AABCT1234F1ZM', legalName: 'x'.repeat(101) })?.[0]).toContain('at most 100');
  });

  it('businessBuyerOf: the order’s buyer from an address, null for a person', () => {
    expect(businessBuyerOf({ gstin: '29AABCT1234F1ZM', legalName: 'X Ltd' })).toEqual({ gstin: '29AABCT1234F1ZM', legalName: 'X Ltd' });
    expect(businessBuyerOf({ gstin: '', legalName: '' })).toBeNull();
    expect(businessBuyerOf({})).toBeNull();
  });
});
