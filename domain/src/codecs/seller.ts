/** `settings/seller`: the seller printed on every tax invoice (docs/gst-invoices.md). */
import { isIndianState } from '../india.js';
import type { SellerSettings } from '../schemas/seller.js';
import { DEFAULT_RETURN_WINDOW_DAYS } from '../returns/status.js';
import { Fields } from './plain.js';
import { warrantyTermsFromData } from './warranty.js';

/** The stored settings as the API answers them; null when never saved or when the address has no Indian state. */
export function sellerSettingsFromData(data: unknown): SellerSettings | null {
  if (data === undefined || data === null) return null;
  const d = Fields.of(data, 'settings/seller');
  const a = d.object('address');
  const state = a.raw('state');
  if (!isIndianState(state)) return null;
  const address = { line1: a.text('line1'), line2: a.text('line2'), city: a.text('city'), state, pincode: a.text('pincode') };
  const care = d.objectOrNull('consumerCare');
  return {
    legalName: d.text('legalName'),
    address,
    gstin: d.text('gstin'),
    invoicePrefix: d.text('invoicePrefix'),
    email: d.text('email'),
    phone: d.text('phone'),
    returnWindowDays: d.number('returnWindowDays', DEFAULT_RETURN_WINDOW_DAYS),
    consumerCare: care
      ? { name: care.text('name'), address: care.text('address'), phone: care.text('phone'), email: care.text('email') }
      : { name: d.text('legalName'), address: addressText(address), phone: d.text('phone'), email: d.text('email') },
    warranty: warrantyTermsFromData(d.raw('warranty')),
    einvoice: d.raw('einvoice') === 'on' ? 'on' : 'off',
    updatedAt: d.dateOrNull('updatedAt'),
  };
}

/** 'Unit 12, Kamala Mills Compound, Senapati Bapat Marg, Mumbai, Maharashtra 400013'. */
export function addressText(a: SellerSettings['address']): string {
  return [a.line1, a.line2, a.city, `${a.state} ${a.pincode}`].filter((part) => part.trim() !== '').join(', ');
}
