import { bagCountLabel, formatINR, salePrice, SEARCH_MIN_CHARS, type Product } from '@bagshop/domain';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { searchPath, searchProducts } from '../api/search-api';
import classes from './search-suggestions.module.css';
import { pictureAttributes } from '../../../lib/picture';

/** Results shown under the box; the search page shows them all. */
const SHOWN = 6;
const DEBOUNCE_MS = 120;

export interface SuggestionsHandle {
  /** Handles a key pressed in the box; true when it did something (the box then does nothing). */
  keyDown: (key: string) => boolean;
  close: () => void;
}

export interface SuggestionsProps {
  ref?: Ref<SuggestionsHandle>;
  query: string;
  listId: string;
  focused: boolean;
  /** Whether the list is shown and which option is highlighted (the box's ARIA state). */
  onListChange: (state: { open: boolean; active: string | undefined }) => void;
  /** Opens a path (a product, or the search page). */
  onOpen: (path: string) => void;
}

type Results =
  | { status: 'idle' }
  | { status: 'loading'; q: string }
  | { status: 'done'; q: string; products: Product[] }
  | { status: 'failed'; q: string };

/** Answers already seen this session, by text (the API is cacheable too; this saves the round trip). */
const seen = new Map<string, Product[]>();

/** The list of results under a search box (loaded on first focus: see search-box.tsx). */
export default function SearchSuggestions({ ref, query, listId, focused, onListChange, onOpen }: SuggestionsProps) {
  const q = query.replace(/\s+/g, ' ').trim();
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    setActive(-1);
    setDismissed(false);
    if (q.length < SEARCH_MIN_CHARS) {
      setResults({ status: 'idle' });
      return;
    }
    const known = seen.get(q.toLowerCase());
    if (known) {
      setResults({ status: 'done', q, products: known });
      return;
    }
    setResults((r) => (r.status === 'done' ? r : { status: 'loading', q }));
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchProducts(q, abort.signal).then(
        (products) => {
          seen.set(q.toLowerCase(), products);
          setResults({ status: 'done', q, products });
        },
        () => {
          if (!abort.signal.aborted) setResults({ status: 'failed', q });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q]);

  const shown = useMemo(() => (results.status === 'done' ? results.products.slice(0, SHOWN) : []), [results]);
  const total = results.status === 'done' ? results.products.length : 0;
  // Options: the shown products, then "all results" when there are any.
  const optionCount = shown.length + (total > 0 ? 1 : 0);
  const open = focused && !dismissed && q.length >= SEARCH_MIN_CHARS && results.status !== 'idle';
  const optionId = (i: number) => `${listId}-${i}`;
  const activeId = open && active >= 0 && active < optionCount ? optionId(active) : undefined;

  useEffect(() => {
    onListChange({ open, active: activeId });
  }, [open, activeId, onListChange]);

  const pick = (i: number) => {
    const product = shown[i];
    onOpen(product ? `/product/${encodeURIComponent(product._id)}` : searchPath(q));
  };

  // The latest state for the key handler the box calls.
  const state = useRef({ open, active, optionCount, pick });
  state.current = { open, active, optionCount, pick };

  useImperativeHandle(
    ref,
    () => ({
      keyDown: (key) => {
        const s = state.current;
        switch (key) {
          case 'ArrowDown':
            if (!s.open) {
              setDismissed(false);
              return q.length >= SEARCH_MIN_CHARS;
            }
            setActive(s.optionCount === 0 ? -1 : (s.active + 1) % s.optionCount);
            return true;
          case 'ArrowUp':
            if (!s.open) return false;
            setActive(s.active <= 0 ? s.optionCount - 1 : s.active - 1);
            return true;
          case 'Enter':
            if (!s.open || s.active < 0) return false;
            s.pick(s.active);
            return true;
          case 'Escape':
            if (!s.open) return false;
            setDismissed(true);
            setActive(-1);
            return true;
          default:
            return false;
        }
      },
      close: () => {
        setDismissed(true);
        setActive(-1);
      },
    }),
    [q],
  );

  const announcement = !open
    ? ''
    : results.status === 'done'
      ? total === 0
        ? `No bags match ‘${results.q}’`
        : `${bagCountLabel(total)} found`
      : results.status === 'failed'
        ? 'Search is not available right now'
        : '';

  return (
    <>
      {/* Always present, so screen readers announce what changes in it. */}
      <div className={classes.srOnly} role="status" aria-live="polite">
        {announcement}
      </div>
      {open && (
        <div className={classes.popup}>
          {results.status === 'loading' && <p className={classes.note}>Searching…</p>}
          {results.status === 'failed' && <p className={classes.note}>Search is not available right now. Please try again.</p>}
          {results.status === 'done' && total === 0 && <p className={classes.note}>No bags match ‘{results.q}’</p>}
          {/* Options are chosen with the keyboard in the box (aria-activedescendant) or with a click. */}
          <ul id={listId} role="listbox" aria-label="Search results" className={classes.list} hidden={shown.length === 0}>
            {shown.map((product, i) => (
              <li
                key={product._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={classes.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(i)}
              >
                <img
                  {...pictureAttributes(product.image.url, 48)}
                  alt=""
                  width={48}
                  height={48}
                  className={classes.thumb}
                  loading="lazy"
                  decoding="async"
                />
                <span className={classes.text}>
                  <span className={classes.name}>{product.name}</span>
                  <span className={classes.price}>{formatINR(salePrice(product.price, product.discount))}</span>
                </span>
              </li>
            ))}
            {total > 0 && (
              <li
                id={optionId(shown.length)}
                role="option"
                aria-selected={active === shown.length}
                className={`${classes.option} ${classes.all}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(shown.length)}
              >
                See all results for ‘{q}’
              </li>
            )}
          </ul>
        </div>
      )}
    </>
  );
}
