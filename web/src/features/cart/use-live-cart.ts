import {
  cartLineFromData,
  joinCart,
  productFromData,
  sortCartLines,
  variantStockFromData,
  type CartLine,
  type Product,
  type VariantStock,
} from '@bagshop/domain';
import { collection, doc, onSnapshot, query, where } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { useFirestore, useFirestoreCollection } from 'reactfire';
import { plainData } from '../../lib/firestore';

export type LiveStatus = 'loading' | 'ready' | 'error';

/**
 * Live `products/{id}` documents (the catalog is public) with their variants' stock
 * (`variantStock` where productId == id, docs/variants.md): a price or stock change shows at
 * once. A deleted product maps to null.
 */
export function useLiveProducts(ids: readonly string[]): { status: LiveStatus; products: Map<string, Product | null> } {
  const db = useFirestore();
  const key = [...ids].sort().join('|');
  // One map for every product seen; ids that drop out of `ids` are simply not asked for.
  const [docs, setDocs] = useState<Map<string, unknown>>(() => new Map());
  const [stocks, setStocks] = useState<Map<string, Map<string, VariantStock>>>(() => new Map());
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const wanted = key ? key.split('|') : [];
    const fail = (id: string) => (error: unknown) => {
      console.error('Product read failed', id, error);
      setFailed(true);
    };
    const unsubscribes = wanted.flatMap((id) => [
      onSnapshot(
        doc(db, 'products', id),
        (snap) => setDocs((prev) => new Map(prev).set(id, snap.exists() ? plainData(snap.data()) : null)),
        fail(id),
      ),
      onSnapshot(
        query(collection(db, 'variantStock'), where('productId', '==', id)),
        (snap) =>
          setStocks((prev) =>
            new Map(prev).set(id, new Map(snap.docs.map((d) => [d.id, variantStockFromData(d.id, plainData(d.data()))]))),
          ),
        fail(id),
      ),
    ]);
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [db, key]);

  const products = useMemo(() => {
    const out = new Map<string, Product | null>();
    for (const [id, data] of docs) out.set(id, data === null ? null : productFromData(id, data, stocks.get(id)));
    return out;
  }, [docs, stocks]);

  if (failed) return { status: 'error', products };
  const ready = ids.every((id) => docs.has(id) && stocks.has(id));
  return { status: ready ? 'ready' : 'loading', products };
}

/** The signed-in user's cart, live from `users/{uid}/cart`, joined with live product data. */
export function useLiveCart(uid: string): { status: LiveStatus; lines: CartLine[] } {
  const db = useFirestore();
  const cartRef = useMemo(() => collection(db, 'users', uid, 'cart'), [db, uid]);
  const cart = useFirestoreCollection(cartRef);

  const entries = useMemo(() => {
    if (cart.status !== 'success') return [];
    return sortCartLines(cart.data.docs.map((d) => cartLineFromData(d.id, plainData(d.data()))));
  }, [cart.status, cart.data]);

  const ids = useMemo(() => entries.map((e) => e.productId), [entries]);
  const { status: productStatus, products } = useLiveProducts(ids);

  const lines = useMemo(() => joinCart(entries, products), [entries, products]);

  if (cart.status === 'error') {
    console.error('Cart read failed', cart.error);
    return { status: 'error', lines: [] };
  }
  if (cart.status === 'loading') return { status: 'loading', lines: [] };
  return { status: productStatus, lines };
}
