/**
 * Reading stored documents (docs/architecture.md, "Data model"). Each codec in this folder
 * turns the plain data of one kind of Firestore document into the API's shape, on the server
 * and in the SPA alike. "Plain" means what an adapter at each edge hands over: the document's
 * data with every Timestamp (and Date) already an ISO string (functions/src/lib/firestore-data.ts,
 * web/src/lib/firestore.ts); domain/ knows no Firebase SDK (decision 0003).
 *
 * One rule for every field: a missing value (absent or null) takes the field's default, so
 * older documents keep working; a value of the wrong kind is a bad shape and throws
 * `CodecError`, naming the field.
 */

export type PlainData = Readonly<Record<string, unknown>>;

/** A stored document that does not have the shape its codec reads. */
export class CodecError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path}: expected ${expected}`);
    this.name = 'CodecError';
  }
}

const isMissing = (value: unknown): value is null | undefined => value === undefined || value === null;

export function isPlainObject(value: unknown): value is PlainData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainRecord(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The walk behind each edge's adapter: `value` with every Date, and everything `dateOf` turns
 * into a Date (the edge's Firestore Timestamp class), as an ISO string; lists and plain objects
 * walked through, anything else (numbers, strings, bytes) as it is.
 */
export function toPlainData(value: unknown, dateOf: (value: object) => Date | null): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((entry) => toPlainData(entry, dateOf));
  if (value && typeof value === 'object') {
    const date = dateOf(value);
    if (date) return date.toISOString();
    if (isPlainRecord(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, toPlainData(entry, dateOf)]));
    }
  }
  return value;
}

/** Reads the fields of one plain object; `path` names it in errors ('order.payment'). */
export class Fields {
  private constructor(
    readonly data: PlainData,
    readonly path: string,
  ) {}

  /** The object at `path`; throws unless `value` is a plain object. */
  static of(value: unknown, path: string): Fields {
    if (!isPlainObject(value)) throw new CodecError(path, 'an object');
    return new Fields(value, path);
  }

  /** Like `of`, but a missing value reads as an empty object (every field its default). */
  static orEmpty(value: unknown, path: string): Fields {
    return isMissing(value) ? new Fields({}, path) : Fields.of(value, path);
  }

  private at(key: string): string {
    return `${this.path}.${key}`;
  }

  raw(key: string): unknown {
    return this.data[key];
  }

  has(key: string): boolean {
    return !isMissing(this.data[key]);
  }

  text(key: string, fallback = ''): string {
    const value = this.data[key];
    if (isMissing(value)) return fallback;
    if (typeof value !== 'string') throw new CodecError(this.at(key), 'text');
    return value;
  }

  /** Text, or null when missing. */
  textOrNull(key: string): string | null {
    return this.has(key) ? this.text(key) : null;
  }

  number(key: string, fallback = 0): number {
    const value = this.data[key];
    if (isMissing(value)) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new CodecError(this.at(key), 'a number');
    return value;
  }

  boolean(key: string, fallback = false): boolean {
    const value = this.data[key];
    if (isMissing(value)) return fallback;
    if (typeof value !== 'boolean') throw new CodecError(this.at(key), 'true or false');
    return value;
  }

  /** An ISO date string (the adapter's form of a Timestamp); '' when missing. */
  date(key: string): string {
    const value = this.data[key];
    if (isMissing(value)) return '';
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new CodecError(this.at(key), 'an ISO date');
    return value;
  }

  dateOrNull(key: string): string | null {
    return this.has(key) ? this.date(key) : null;
  }

  /** One of `allowed`; `fallback` when missing. */
  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.data[key];
    if (isMissing(value)) return fallback;
    if (!(allowed as readonly unknown[]).includes(value)) throw new CodecError(this.at(key), `one of ${allowed.join(', ')}`);
    return value as T;
  }

  /** One of `allowed`, which the document must have: no default. */
  required<T extends string>(key: string, allowed: readonly T[]): T {
    if (!this.has(key)) throw new CodecError(this.at(key), `one of ${allowed.join(', ')}`);
    return this.oneOf(key, allowed, allowed[0] as T);
  }

  /** A nested object; a missing one reads as empty. */
  object(key: string): Fields {
    return Fields.orEmpty(this.data[key], this.at(key));
  }

  /** A nested object, or null when missing. */
  objectOrNull(key: string): Fields | null {
    return this.has(key) ? Fields.of(this.data[key], this.at(key)) : null;
  }

  /** A list, each entry read by `each`; a missing list is empty. */
  list<T>(key: string, each: (value: unknown, path: string) => T): T[] {
    const value = this.data[key];
    if (isMissing(value)) return [];
    if (!Array.isArray(value)) throw new CodecError(this.at(key), 'a list');
    return value.map((entry, i) => each(entry, `${this.at(key)}[${i}]`));
  }

  /** A list of text; a missing list is empty. */
  textList(key: string): string[] {
    return this.list(key, (value, path) => {
      if (typeof value !== 'string') throw new CodecError(path, 'text');
      return value;
    });
  }
}
