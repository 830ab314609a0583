import { cartLineFromData, joinCart, productFromData, sortCartLines, type CartLine, type Product } from '@bagshop/domain';
import { collection, doc, onSnapshot } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { useFirestore, useFirestoreCollection } from 'reactfire';
import { plainData } from '../../lib/firestore';

export type LiveStatus = 'loading' | 'ready' | 'error';

/**
 * Live `products/{id}` documents (the catalog is public): a price or stock change shows at
 * once. A deleted product maps to null.
 */
export function useLiveProducts(ids: readonly string[]): { status: LiveStatus; products: Map<string, Product | null> } {
  const db = useFirestore();
  const key = [...ids].sort().join('|');
  // One map for every product seen; ids that drop out of `ids` are simply not asked for.
  const [products, setProducts] = useState<Map<string, Product | null>>(() => new Map());
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const wanted = key ? key.split('|') : [];
    const unsubscribes = wanted.map((id) =>
      onSnapshot(
        doc(db, 'products', id),
        (snap) => setProducts((prev) => new Map(prev).set(id, snap.exists() ? productFromData(snap.id, plainData(snap.data())) : null)),
        (error) => {
          console.error('Product read failed', id, error);
          setFailed(true);
        },
      ),
    );
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [db, key]);

  if (failed) return { status: 'error', products };
  const ready = ids.every((id) => products.has(id));
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
