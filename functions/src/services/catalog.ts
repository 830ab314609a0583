import type { Category, Product } from '@bagshop/domain';
import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';

export const products = () => db.collection('products');

function iso(value: unknown): string {
  return value && typeof (value as Timestamp).toDate === 'function'
    ? (value as Timestamp).toDate().toISOString()
    : new Date(0).toISOString();
}

export function toProduct(snap: DocumentSnapshot): Product {
  const d = snap.data() ?? {};
  return {
    _id: snap.id,
    name: String(d.name ?? ''),
    description: String(d.description ?? ''),
    price: Number(d.price ?? 0),
    discount: Number(d.discount ?? 0),
    category: d.category as Category,
    stock: Number(d.stock ?? 0),
    image: { url: String(d.image?.url ?? ''), hash: String(d.image?.hash ?? '') },
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  };
}

/** Newest first; optionally one category. */
export async function listProducts(category?: Category): Promise<Product[]> {
  const query = category
    ? products().where('category', '==', category).orderBy('createdAt', 'desc')
    : products().orderBy('createdAt', 'desc');
  const snap = await query.get();
  return snap.docs.map(toProduct);
}
