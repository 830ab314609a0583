// Delivery quotes by PIN code, the public delivery policy and the seller disclosures (docs/delivery-and-disclosures.md).
import type { Address, ComplaintInput, DeliveryPolicy, DeliveryQuote, GrievanceTicket, SellerInfo } from '@bagshop/domain';
import { apiData, apiRequest } from './api-client';

const quotes = new Map<string, Promise<DeliveryQuote>>();

/** GET /api/delivery/{pin}; one request per PIN per page load (a failed one is asked again). */
export function getDeliveryQuote(pin: string): Promise<DeliveryQuote> {
  let quote = quotes.get(pin);
  if (!quote) {
    quote = apiData<DeliveryQuote>(`delivery/${encodeURIComponent(pin)}`);
    quotes.set(pin, quote);
    quote.catch(() => quotes.delete(pin));
  }
  return quote;
}

let policy: Promise<DeliveryPolicy> | undefined;
export function getDeliveryPolicy(): Promise<DeliveryPolicy> {
  policy ??= apiData<DeliveryPolicy>('delivery');
  policy.catch(() => (policy = undefined));
  return policy;
}

let seller: Promise<SellerInfo> | undefined;
/** GET /api/seller, once per page load. */
export function getSellerInfo(): Promise<SellerInfo> {
  seller ??= apiData<SellerInfo>('seller');
  seller.catch(() => (seller = undefined));
  return seller;
}

/** The signed-in shopper's saved addresses (newest first). */
export const getSavedAddresses = () => apiData<Address[]>('users/address');

export const fileComplaint = (body: ComplaintInput) =>
  apiRequest<{ success: boolean; data: GrievanceTicket; message: string }>('grievance', { method: 'POST', body: { ...body } });

const LAST_PIN = 'bagshop.deliveryPin';

/** The last PIN code the shopper checked on this device. */
export function lastPin(): string | null {
  try {
    const pin = window.localStorage.getItem(LAST_PIN);
    return pin && /^[1-9]\d{5}$/.test(pin) ? pin : null;
  } catch {
    return null;
  }
}

export function rememberPin(pin: string): void {
  try {
    window.localStorage.setItem(LAST_PIN, pin);
  } catch {
    // private mode: nothing to remember with
  }
}
