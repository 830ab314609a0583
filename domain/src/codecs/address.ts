/** `users/{uid}/addresses/{id}` and the copy of one kept on an order (docs/architecture.md, "Data model"). */
import type { Address, ShippingAddress } from '../types.js';
import { Fields } from './plain.js';

/** The address fields of a saved address or of an order's `shippingAddress`. */
export function shippingAddressFromData(data: unknown, path = 'address'): ShippingAddress {
  return shippingAddressOf(Fields.orEmpty(data, path));
}

function shippingAddressOf(a: Fields): ShippingAddress {
  const gstin = a.text('gstin');
  return {
    street: a.text('street'),
    city: a.text('city'),
    state: a.text('state'),
    postalCode: a.text('postalCode'),
    country: a.text('country'),
    landmark: a.text('landmark'),
    // A business buyer's (issue 41); left out for a person, as stored before.
    ...(gstin ? { gstin, legalName: a.text('legalName') } : {}),
  };
}

/** A saved address, with its id as `_id`. */
export function addressFromData(id: string, data: unknown): Address {
  return { _id: id, ...shippingAddressOf(Fields.of(data, `address ${id}`)) };
}

/** 'street, city, state, country, postal code', as the spec's order card lists an address; empty parts are left out. */
export function addressLine(a: ShippingAddress): string {
  return [a.street, a.city, a.state, a.country, a.postalCode].filter(Boolean).join(', ');
}
