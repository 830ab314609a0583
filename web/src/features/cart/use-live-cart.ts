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

/** A product the cart names that is no longer sold: deleted, or made a draft (docs/legal-metrology.md "Drafts"). */
export interface UnavailableLine {
  lineId: string;
  productId: string;
  /** The product's name when it was last readable; undefined if it never was in this session. */
  name?: string;
}

/**
 * Live `products/{id}` documents (published products are public; docs/firestore-reads.md R1b)
 * with their variants' stock (`variantStock` where productId == id, docs/variants.md): a price
 * or stock change shows at once. A deleted product maps to null, and so does one made a draft:
 * the rules then refuse its read (permission-denied), which ends that listener; it is not sold,
 * not an error of the whole cart. `names` keeps the name each product had when last read.
 */
export function useLiveProducts(ids: readonly string[]): {
  status: LiveStatus;
  products: Map<string, Product | null>;
  names: Map<string, string>;
} {
  const db = useFirestore();
  const key = [...ids].sort().join('|');
  // One map for every product seen; ids that drop out of `ids` are simply not asked for.
  const [docs, setDocs] = useState<Map<string, unknown>>(() => new Map());
  const [stocks, setStocks] = useState<Map<string, Map<string, VariantStock>>>(() => new Map());
  const [failed, setFailed] = useState(false);
  // Products whose read the rules refused: drafts, for a shopper.
  const [denied, setDenied] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    const wanted = key ? key.split('|') : [];
    const fail = (id: string) => (error: unknown) => {
      console.error('Product read failed', id, error);
      setFailed(true);
    };
    const unsubscribes = wanted.flatMap((id) => [
      onSnapshot(
        doc(db, 'products', id),
        (snap) => {
          setDocs((prev) => new Map(prev).set(id, snap.exists() ? plainData(snap.data()) : null));
          setDenied((prev) => (prev.has(id) ? new Set([...prev].filter((d) => d !== id)) : prev));
        },
        (error) => {
          if (error.code === 'permission-denied') setDenied((prev) => new Set(prev).add(id));
          else fail(id)(error);
        },
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

  const { products, names } = useMemo(() => {
    const products = new Map<string, Product | null>();
    const names = new Map<string, string>();
    for (const [id, data] of docs) {
      const product = data === null ? null : productFromData(id, data, stocks.get(id));
      if (product) names.set(id, product.name);
      products.set(id, product && !denied.has(id) && product.published !== false ? product : null);
    }
    for (const id of denied) if (!docs.has(id)) products.set(id, null);
    return { products, names };
  }, [docs, stocks, denied]);

  if (failed) return { status: 'error', products, names };
  const ready = ids.every((id) => (docs.has(id) && stocks.has(id)) || denied.has(id));
  return { status: ready ? 'ready' : 'loading', products, names };
}

/**
 * The signed-in user's cart, live from `users/{uid}/cart`, joined with live product data.
 * `unavailable`: the lines whose product (or variant) is no longer sold, for the shopper to remove
 * (checkout refuses a cart holding one: 409).
 */
export function useLiveCart(uid: string): { status: LiveStatus; lines: CartLine[]; unavailable: UnavailableLine[] } {
  const db = useFirestore();
  const cartRef = useMemo(() => collection(db, 'users', uid, 'cart'), [db, uid]);
  const cart = useFirestoreCollection(cartRef);

  const entries = useMemo(() => {
    if (cart.status !== 'success') return [];
    return sortCartLines(cart.data.docs.map((d) => cartLineFromData(d.id, plainData(d.data()))));
  }, [cart.status, cart.data]);

  const ids = useMemo(() => entries.map((e) => e.productId), [entries]);
  const { status: productStatus, products, names } = useLiveProducts(ids);

  const lines = useMemo(() => joinCart(entries, products), [entries, products]);
  const unavailable = useMemo(() => {
    if (productStatus !== 'ready') return [];
    const sold = new Set(lines.map((l) => l._id));
    return entries
      .filter((e) => !sold.has(e.lineId))
      .map((e): UnavailableLine => {
        const name = names.get(e.productId);
        return { lineId: e.lineId, productId: e.productId, ...(name ? { name } : {}) };
      });
  }, [productStatus, entries, lines, names]);

  if (cart.status === 'error') {
    console.error('Cart read failed', cart.error);
    return { status: 'error', lines: [], unavailable: [] };
  }
  if (cart.status === 'loading') return { status: 'loading', lines: [], unavailable: [] };
  return { status: productStatus, lines, unavailable };
}
