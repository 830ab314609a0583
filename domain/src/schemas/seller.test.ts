import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common.js';
import { DEMO_SELLER, sellerSettingsSchema } from './seller.js';

function errorsOf(body: unknown): Record<string, string> {
  const result = sellerSettingsSchema.safeParse(body);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(body)}`);
  return Object.fromEntries(fieldErrors(result.error).map((e) => [e.field, e.message]));
}

describe('sellerSettingsSchema', () => {
  it('accepts the demo seller as it is', () => {
    expect(sellerSettingsSchema.parse(DEMO_SELLER)).toEqual(DEMO_SELLER);
  });

  it('tidies what people paste: GSTIN and prefix upper-cased without spaces, email lower-cased, blank line 2', () => {
    const parsed = sellerSettingsSchema.parse({
      ...DEMO_SELLER,
      gstin: ' 27aapfb1234c1zu ',
      invoicePrefix: ' b s ',
      email: 'Support@Bagshop.TEST',
      address: { ...DEMO_SELLER.address, line2: undefined },
      updatedAt: 'ignored',
    });
    expect(parsed).toMatchObject({ gstin: '27AAPFB1234C1ZU', invoicePrefix: 'BS', email: 'support@bagshop.test' });
    expect(parsed.address.line2).toBe('');
    expect(parsed).not.toHaveProperty('updatedAt');
  });

  it('checks the GSTIN: format, check character, and the state code against the address', () => {
    expect(errorsOf({ ...DEMO_SELLER, gstin: '' })).toEqual({ gstin: 'GSTIN is required' });
    expect(errorsOf({ ...DEMO_SELLER, gstin: '27AAPFB1234C1Z' })).toEqual({
      gstin: 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character',
    });
    expect(errorsOf({ ...DEMO_SELLER, gstin: '27AAPFB1234C1ZV' })).toEqual({
      gstin: 'This GSTIN’s check character is wrong: check it for a typing mistake',
    });
    expect(errorsOf({ ...DEMO_SELLER, address: { ...DEMO_SELLER.address, state: 'Karnataka' } })).toEqual({
      gstin: 'The GSTIN’s state code does not match the state of the address',
    });
  });

  it('checks the rest of the fields', () => {
    expect(
      errorsOf({
        legalName: ' ',
        address: { line1: '', city: 'Mumbai', state: 'Bombay', pincode: '040001' },
        gstin: DEMO_SELLER.gstin,
        invoicePrefix: 'BAGS1',
        email: 'nope',
        phone: 'call me',
      }),
    ).toEqual({
      legalName: 'Legal name is required',
      'address.line1': 'Address line 1 is required',
      'address.state': 'Choose a state',
      'address.pincode': 'Enter a 6-digit PIN code',
      invoicePrefix: 'Invoice prefix must be 1 or 2 capital letters or digits',
      email: 'Invalid email',
      phone: 'Enter a phone number: digits, spaces, +, - and brackets (8 to 20 characters)',
    });
    expect(errorsOf({ ...DEMO_SELLER, invoicePrefix: 'B/S' })).toEqual({
      invoicePrefix: 'Invoice prefix must be 1 or 2 capital letters or digits',
    });
    expect(errorsOf(null)).toEqual({ '': 'Request body must be a JSON object' });
  });

  it('consumer care: left out (the seller’s own), or all four fields, each with its message', () => {
    expect(sellerSettingsSchema.parse({ ...DEMO_SELLER, consumerCare: null }).consumerCare).toBeUndefined();
    const care = {
      name: 'Bagshop Care',
      address: 'Unit 12, Kamala Mills, Mumbai 400013',
      phone: '1800 123 4567',
      email: 'Care@Bagshop.TEST',
    };
    expect(sellerSettingsSchema.parse({ ...DEMO_SELLER, consumerCare: care }).consumerCare).toEqual({
      ...care,
      email: 'care@bagshop.test',
    });
    expect(errorsOf({ ...DEMO_SELLER, consumerCare: { name: ' ', address: 'a'.repeat(301), phone: '12', email: 'care' } })).toEqual({
      'consumerCare.name': 'Consumer care name is required',
      'consumerCare.address': 'Consumer care address must be at most 300 characters',
      'consumerCare.phone': 'Enter a phone number: digits, spaces, +, - and brackets (8 to 20 characters)',
      'consumerCare.email': 'Enter a consumer care email address like care@example.in',
    });
  });
});
