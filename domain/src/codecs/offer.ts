/** `offers/{id}` (docs/offers.md): an offer as the API answers it. */
import { OFFER_KINDS, type Offer } from '../offers.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../order-status.js';
import { CodecError, Fields } from './plain.js';

const numberOrNull = (f: Fields, key: string): number | null => (f.has(key) ? f.number(key) : null);

export function offerFromData(id: string, data: unknown): Offer {
  const d = Fields.of(data, `offers/${id}`);
  const applies = d.objectOrNull('appliesTo');
  const methods = d.textList('paymentMethods').filter((m): m is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(m));
  const createdAt = d.date('createdAt');
  const emi = d.objectOrNull('noCostEmi');
  return {
    _id: id,
    code: d.textOrNull('code') || null,
    title: d.text('title'),
    kind: d.oneOf('kind', OFFER_KINDS, 'percent'),
    value: d.number('value'),
    ...(emi
      ? {
          noCostEmi: {
            tenures: emi.list('tenures', (v, path) => {
              if (typeof v !== 'number' || !Number.isInteger(v)) throw new CodecError(path, 'a whole number of months');
              return v;
            }),
            banks: emi.textList('banks'),
          },
        }
      : {}),
    maxDiscount: numberOrNull(d, 'maxDiscount'),
    minOrder: numberOrNull(d, 'minOrder'),
    appliesTo: applies ? { categories: applies.textList('categories'), productIds: applies.textList('productIds') } : null,
    startsAt: d.date('startsAt'),
    endsAt: d.date('endsAt'),
    usageLimit: numberOrNull(d, 'usageLimit'),
    perCustomerLimit: numberOrNull(d, 'perCustomerLimit'),
    firstOrderOnly: d.boolean('firstOrderOnly'),
    paymentMethods: methods,
    combinable: d.boolean('combinable'),
    usedCount: d.number('usedCount'),
    discountGivenPaise: d.number('discountGivenPaise'),
    createdAt,
    updatedAt: d.date('updatedAt') || createdAt,
  };
}
