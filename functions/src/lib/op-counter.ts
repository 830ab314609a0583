// `npm run bench:scale` only: counts the Firestore reads and writes this process makes, as
// Firestore bills them, by appending one line per operation to a file the benchmark sums.
// A file, because the Functions emulator runs one worker process per concurrent request.
// Switched on by BAGSHOP_OPS_LOG on the emulators (admin.ts); never in production.
import { appendFileSync } from 'node:fs';
import { pipeline, Transform, type Readable } from 'node:stream';
import { CollectionReference, DocumentReference, Firestore, Query, Transaction, WriteBatch } from 'firebase-admin/firestore';

type Method = (...args: unknown[]) => unknown;

/** Billing: a document read per document returned (a missing document looked up counts too);
 * a query that returns nothing costs one read. A write per document written. */
export function readsOf(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  if (result instanceof DocumentReference) return 1;
  if (result && typeof result === 'object') {
    if ('size' in result && typeof result.size === 'number') return Math.max(1, result.size);
    if ('data' in result && typeof result.data === 'function') return 1;
  }
  return 1;
}

export function aggregationReads(aggregates: Record<string, { aggregateType?: string }>, result: unknown): number {
  const data: unknown = result && typeof result === 'object' && 'data' in result && typeof result.data === 'function' ? result.data() : {};
  const counts = Object.entries(aggregates)
    .filter(([, field]) => field.aggregateType === 'count')
    .map(([alias]) => (data && typeof data === 'object' ? Number(Reflect.get(data, alias)) || 0 : 0));
  return Math.max(1, Math.ceil(Math.max(0, ...counts) / 1000));
}

/** `source` passed through, telling `done` how many reads it cost once it ends (at least one). */
export function countStream(source: Readable, done: (reads: number) => void): Transform {
  let n = 0;
  const counter = new Transform({
    objectMode: true,
    transform(chunk: unknown, _encoding, next) {
      n += 1;
      next(null, chunk);
    },
    flush(next) {
      done(Math.max(1, n));
      next();
    },
  });
  // An error of the query reaches the reader; a reader that stops early stops the query.
  pipeline(source, counter, () => undefined);
  return counter;
}

export function countFirestoreOps(db: Firestore, file: string): void {
  const record = (reads: number, writes: number) => appendFileSync(file, `${reads} ${writes}\n`);

  const wrapRead = (proto: object, name: string) => {
    const original = Reflect.get(proto, name) as Method;
    Reflect.set(proto, name, async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      record(readsOf(result), 0);
      return result;
    });
  };
  wrapRead(Firestore.prototype, 'getAll'); // DocumentReference.get goes through it
  wrapRead(Query.prototype, 'get');
  // An aggregation: a read per 1,000 index entries, at least one; known from its count when it
  // has one (a sum alone is counted as one). AggregateQuery is not exported by firebase-admin.
  const aggregateProto = Object.getPrototypeOf(db.collection('products').count()) as object;
  const aggregate = Reflect.get(aggregateProto, 'get') as Method;
  Reflect.set(
    aggregateProto,
    'get',
    async function (this: { _aggregates?: Record<string, { aggregateType?: string }> }, ...args: unknown[]) {
      const result = await aggregate.apply(this, args);
      record(aggregationReads(this._aggregates ?? {}, result), 0);
      return result;
    },
  );
  // A streamed query (the Tax CSV): a read per document as it passes, one if none does.
  const stream = Reflect.get(Query.prototype, 'stream') as Method;
  Reflect.set(Query.prototype, 'stream', function (this: unknown, ...args: unknown[]) {
    return countStream(stream.apply(this, args) as Readable, (n) => record(n, 0));
  });
  wrapRead(Transaction.prototype, 'get');
  wrapRead(Transaction.prototype, 'getAll');
  wrapRead(CollectionReference.prototype, 'listDocuments');

  // Batches and transactions both commit through WriteBatch#_commit.
  const commit = Reflect.get(WriteBatch.prototype, '_commit') as Method;
  Reflect.set(WriteBatch.prototype, '_commit', async function (this: { _opCount?: number }, ...args: unknown[]) {
    const result = await commit.apply(this, args);
    record(0, this._opCount ?? 0);
    return result;
  });

  // Listeners: a read per document in each snapshot's changes (the first snapshot: all of them).
  for (const proto of [DocumentReference.prototype, Query.prototype]) {
    const listen = Reflect.get(proto, 'onSnapshot') as Method;
    Reflect.set(proto, 'onSnapshot', function (this: unknown, onNext: unknown, ...rest: unknown[]) {
      const counted =
        typeof onNext === 'function'
          ? (snap: unknown) => {
              const changes =
                snap && typeof snap === 'object' && 'docChanges' in snap && typeof snap.docChanges === 'function'
                  ? (snap.docChanges() as unknown[]).length
                  : 1;
              record(Math.max(1, changes), 0);
              return (onNext as Method)(snap);
            }
          : onNext;
      return listen.apply(this, [counted, ...rest]);
    });
  }
}
