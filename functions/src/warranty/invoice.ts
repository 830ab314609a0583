/** The invoice's warranty lines (docs/warranty.md): each product's term, from the seller's terms and the product's own years. */
import { isCategory, productWarrantyYearsOf, warrantyLabel, warrantyTermFor, type Order } from '@bagshop/domain';
import { db } from '../lib/admin.js';
import { products } from '../catalog/index.js';
import { sellerRef } from '../seller/index.js';
import { termsOf } from './store.js';

/** 'Warranty: Voyager Cabin Trolley: Lifetime warranty on shell, wheels and handles, from the day of delivery.' One per product. */
export async function invoiceWarrantyNotes(order: Pick<Order, 'items'>): Promise<string[]> {
  const ids = [...new Set(order.items.map((i) => i.product._id).filter(Boolean))];
  if (ids.length === 0) return [];
  const [seller, ...snaps] = await db.getAll(sellerRef(), ...ids.map((id) => products().doc(id)));
  const terms = termsOf(seller?.data());
  return snaps.map((snap, i) => {
    const item = order.items.find((it) => it.product._id === ids[i]);
    const category = snap.get('category');
    const term = warrantyTermFor(terms, isCategory(category) ? category : 'luggage', productWarrantyYearsOf(snap.get('warrantyYears')));
    return `Warranty, ${item?.name ?? snap.get('name')}: ${warrantyLabel(term)}, from the day of delivery (terms: /warranty).`;
  });
}
