/**
 * The variants' stock as the catalogue lists show it (docs/decisions/0031-reads-follow-changes.md).
 * Stock changes with every order, so it is not part of the catalogue version: each instance
 * listens to `variantStock` (one read per stock document when the listener starts, then one per
 * document that changes) instead of reading every stock document per request or per timer.
 * A new catalogue version reads the stock again (`refreshStocks`), so the stock of a product an
 * admin just added is there at once. The cart and checkout never use this: they read the stock
 * they need in their transaction.
 */
import { variantStockFromData, type VariantStock } from '@bagshop/domain';
import type { QuerySnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { plainDoc } from '../lib/firestore-data.js';
import { readAllStocks, stockMapOf, variantStockDocs } from './variant-stock.js';

interface Feed {
  stocks: Map<string, VariantStock>;
  /** Raised on every change, so a list built from this map knows it is out of date. */
  generation: number;
  ready: Promise<void>;
  stop: () => void;
}

let feed: Feed | null = null;

function startFeed(): Feed {
  let resolveReady: () => void = () => undefined;
  let rejectReady: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const started: Feed = { stocks: new Map(), generation: 0, ready, stop: () => undefined };
  let first = true;
  started.stop = variantStockDocs().onSnapshot(
    (snap: QuerySnapshot) => {
      if (first) {
        started.stocks = stockMapOf(snap.docs);
        first = false;
        resolveReady();
      } else {
        for (const change of snap.docChanges()) {
          if (change.type === 'removed') started.stocks.delete(change.doc.id);
          else started.stocks.set(change.doc.id, variantStockFromData(change.doc.id, plainDoc(change.doc)));
        }
      }
      started.generation += 1;
    },
    (error) => {
      // The next list read starts a new listener.
      logger.warn('stock_feed_error', { message: error.message });
      if (feed === started) feed = null;
      rejectReady(error);
    },
  );
  return started;
}

function currentFeed(): Feed {
  feed ??= startFeed();
  return feed;
}

/** Every variant's stock, kept current by the listener; `generation` changes whenever it does. */
export async function liveStocks(): Promise<{ stocks: ReadonlyMap<string, VariantStock>; generation: number }> {
  const f = currentFeed();
  await f.ready;
  return { stocks: f.stocks, generation: f.generation };
}

/** Reads every stock document again (after a catalogue change), so new variants' stock is there before the listener tells. */
export async function refreshStocks(): Promise<void> {
  const f = currentFeed();
  await f.ready;
  const fresh = await readAllStocks();
  if (feed !== f) return;
  // Merged, not replaced: a change the listener delivered while this read was on its way is newer.
  for (const [id, stock] of fresh) {
    const known = f.stocks.get(id);
    if (!known || known.updatedAt <= stock.updatedAt) f.stocks.set(id, stock);
  }
  f.generation += 1;
}

/** Tests and shutdown: stops the listener. */
export function stopStockFeed(): void {
  feed?.stop();
  feed = null;
}
