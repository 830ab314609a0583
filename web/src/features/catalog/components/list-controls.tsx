import {
  bagCountLabel,
  hasFilters,
  LIST_PRICE_MAX,
  PRODUCT_SORTS,
  SORT_LABELS,
  type ProductListQuery,
  type ProductSort,
} from '@bagshop/domain';
import { Button, Checkbox, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import classes from './list-controls.module.css';

const DISCOUNTS = [0, 10, 20, 30, 40] as const;
/** The filters' panel; a link to it opens it below 640 px before the app runs (CSS `:target`). */
const PANEL_ID = 'list-filters';

export interface ListControlsProps {
  query: ProductListQuery;
  update: (patch: Partial<ProductListQuery>) => void;
  /** The list without its filters. */
  clearHref: string;
  /** Query parameters that are not filters (the search page's `q`), carried by the form. */
  kept: [string, string][];
  /** How many bags the filters leave. */
  count: number;
  /** The search page calls its default order "Best match". */
  featuredLabel?: string;
}

/** Whole rupees typed in a price field ('5,000' and '₹ 5000' too); anything else is no bound. */
const asRupees = (value: FormDataEntryValue | null): number | undefined => {
  const digits = typeof value === 'string' ? value.replace(/[₹,\s]/g, '') : '';
  if (!/^\d{1,7}$/.test(digits)) return undefined;
  return Math.min(Number(digits), LIST_PRICE_MAX);
};

/** What the form's fields say now (they are the browser's own, so a choice made before the app ran is in them). */
function readForm(form: HTMLFormElement): ProductListQuery {
  const data = new FormData(form);
  const sort = String(data.get('sort') ?? 'featured');
  const min = asRupees(data.get('minPrice'));
  const max = asRupees(data.get('maxPrice'));
  const [low, high] = min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
  return {
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : 'featured',
    minPrice: low,
    maxPrice: high,
    minDiscountPercent: Number(data.get('minDiscountPercent')) || undefined,
    inStock: data.get('inStock') === 'true',
  };
}

/**
 * Sort, price range (sale price), minimum discount and in-stock filters of a product list,
 * with the count of bags they leave and "Clear filters". A real GET form of the list's own
 * URL (docs/decisions/0034-react-router-framework-mode.md): without JavaScript "Go" (or Enter)
 * submits it and the server draws the filtered list. With the app each change is one URL
 * change; the price range applies when a field is left or Enter is pressed, not per keystroke.
 * The fields are the browser's (uncontrolled; set from the URL when it changes, e.g. on Back):
 * a tick made before the app arrived is still there, and the app applies it when it starts.
 */
export function ListControls({ query, update, clearHref, kept, count, featuredLabel = 'Featured' }: ListControlsProps) {
  const form = useRef<HTMLFormElement>(null);
  const { pathname, hash } = useLocation();
  const apply = (fields: (keyof ProductListQuery)[]) => {
    if (!form.current) return;
    const now = readForm(form.current);
    // The fields as they are now; `update` compares them with the list's URL (a pending one too:
    // a tap made while the previous change loads is not lost) and changes it only if they differ.
    const patch: Partial<ProductListQuery> = {};
    for (const field of fields) Object.assign(patch, { [field]: now[field] });
    update(patch);
  };
  const filtered = hasFilters(query);
  // Below 640 px the filters fold away behind a button, so the first cards stay in view.
  const [open, setOpen] = useState(false);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    if (hash === `#${PANEL_ID}`) setOpen(true);
    // Choices made before the app ran (the price waits for Enter, as it does with the app).
    apply(['sort', 'minDiscountPercent', 'inStock']);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The URL changed (a choice, Back, "Clear filters"): the fields show it. Not on the first
  // render, whose fields may hold a choice made before the app ran.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const fields = form.current?.elements;
    if (!fields) return;
    const set = (name: string, value: string) => {
      const field = fields.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    };
    set('sort', query.sort);
    set('minPrice', query.minPrice === undefined ? '' : String(query.minPrice));
    set('maxPrice', query.maxPrice === undefined ? '' : String(query.maxPrice));
    set('minDiscountPercent', String(query.minDiscountPercent ?? 0));
    const stock = fields.namedItem('inStock');
    if (stock instanceof HTMLInputElement) stock.checked = query.inStock;
  }, [query]);

  return (
    <Paper withBorder radius="md" p="md" className={classes.controls} component="section" aria-label="Sort and filter">
      <form
        ref={form}
        method="get"
        action={pathname}
        className={classes.row}
        onSubmit={(event) => {
          event.preventDefault();
          apply(['sort', 'minPrice', 'maxPrice', 'minDiscountPercent', 'inStock']);
        }}
      >
        {kept.map(([name, value]) => (
          <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
        ))}
        {/* The origin filter's choice (links below the form) travels with the form before the app runs. */}
        {query.origin?.length ? <input type="hidden" name="origin" value={query.origin.join(',')} /> : null}
        <div className={classes.top}>
          <NativeSelect
            label="Sort by"
            name="sort"
            className={classes.sort}
            defaultValue={query.sort}
            onChange={() => apply(['sort'])}
            data={PRODUCT_SORTS.map((s) => ({ value: s, label: s === 'featured' ? featuredLabel : SORT_LABELS[s] }))}
          />
          <Button
            component="a"
            href={`#${PANEL_ID}`}
            role="button"
            hiddenFrom="sm"
            variant={filtered ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            aria-expanded={open}
            aria-controls={PANEL_ID}
            onClick={(event) => {
              event.preventDefault();
              setOpen((o) => !o);
            }}
          >
            Filters
          </Button>
        </div>
        <div id={PANEL_ID} className={classes.filters} data-state={live ? (open ? 'open' : 'closed') : undefined}>
          <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.price}>
            <TextInput
              label="Min price (₹)"
              name="minPrice"
              defaultValue={query.minPrice ?? ''}
              onBlur={() => apply(['minPrice', 'maxPrice'])}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              placeholder="0"
            />
            <TextInput
              label="Max price (₹)"
              name="maxPrice"
              defaultValue={query.maxPrice ?? ''}
              onBlur={() => apply(['minPrice', 'maxPrice'])}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              placeholder="Any"
            />
            {/* Enter in a price field applies it; without JavaScript this button applies every choice. */}
            <Button type="submit" variant="default" aria-label="Go: apply the price range">
              Go
            </Button>
          </Group>
          <NativeSelect
            label="Discount"
            name="minDiscountPercent"
            className={classes.discount}
            defaultValue={String(query.minDiscountPercent ?? 0)}
            onChange={() => apply(['minDiscountPercent'])}
            data={DISCOUNTS.map((d) => ({ value: String(d), label: d === 0 ? 'Any discount' : `${d}% off or more` }))}
          />
          <Checkbox
            className={classes.stock}
            label="In stock only"
            name="inStock"
            value="true"
            defaultChecked={query.inStock}
            onChange={() => apply(['inStock'])}
          />
        </div>
        {/* Without JavaScript a changed sort needs a button to take effect. */}
        <noscript>
          <Button type="submit" variant="default">
            Apply
          </Button>
        </noscript>
      </form>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text fw={700} role="status" aria-live="polite" data-testid="bag-count">
          {bagCountLabel(count)}
        </Text>
        {filtered && (
          <Button component={Link} to={clearHref} variant="subtle" size="compact-sm">
            Clear filters
          </Button>
        )}
      </Group>
    </Paper>
  );
}
