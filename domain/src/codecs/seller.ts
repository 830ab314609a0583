/** `settings/seller`: the seller printed on every tax invoice (docs/gst-invoices.md). */
import { isIndianState } from '../india.js';
import type { SellerSettings } from '../schemas/seller.js';
import { DEFAULT_RETURN_WINDOW_DAYS } from '../returns/status.js';
import { Fields } from './plain.js';

/** The stored settings as the API answers them; null when never saved or when the address has no Indian state. */
export function sellerSettingsFromData(data: unknown): SellerSettings | null {
  if (data === undefined || data === null) return null;
  const d = Fields.of(data, 'settings/seller');
  const a = d.object('address');
  const state = a.raw('state');
  if (!isIndianState(state)) return null;
  return {
    legalName: d.text('legalName'),
    address: { line1: a.text('line1'), line2: a.text('line2'), city: a.text('city'), state, pincode: a.text('pincode') },
    gstin: d.text('gstin'),
    invoicePrefix: d.text('invoicePrefix'),
    email: d.text('email'),
    phone: d.text('phone'),
    returnWindowDays: d.number('returnWindowDays', DEFAULT_RETURN_WINDOW_DAYS),
    updatedAt: d.dateOrNull('updatedAt'),
  };
}
