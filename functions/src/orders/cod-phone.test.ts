import { describe, expect, it, vi } from 'vitest';

vi.mock('../lib/admin.js', () => ({ auth: {}, db: {} }));
const { codPhoneRule, COD_NEEDS_PHONE } = await import('./cod-phone.js');

describe('codPhoneRule', () => {
  it('refuses COD without a verified phone while the setting is "required"', () => {
    expect(() => codPhoneRule('COD', 'required', null)).toThrow(COD_NEEDS_PHONE);
  });
  it('lets COD through with a verified phone, and answers it for the order', () => {
    expect(codPhoneRule('COD', 'required', '+919876543210')).toBe('+919876543210');
  });
  it('lets COD through without a phone when the setting is "off"', () => {
    expect(codPhoneRule('COD', 'off', null)).toBeNull();
  });
  it('never asks an online order for a phone', () => {
    expect(codPhoneRule('ONLINE', 'required', null)).toBeNull();
  });
});
