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
import { useEffect, useId, useState } from 'react';
import classes from './list-controls.module.css';

const DISCOUNTS = [0, 10, 20, 30, 40] as const;

export interface ListControlsProps {
  query: ProductListQuery;
  update: (patch: Partial<ProductListQuery>) => void;
  clear: () => void;
  /** How many bags the filters leave. */
  count: number;
  /** The search page calls its default order "Best match". */
  featuredLabel?: string;
}

/** Whole rupees typed in a price field ('5,000' and '₹ 5000' too); anything else is no bound. */
const asRupees = (value: string): number | undefined => {
  const digits = value.replace(/[₹,\s]/g, '');
  if (!/^\d{1,7}$/.test(digits)) return undefined;
  return Math.min(Number(digits), LIST_PRICE_MAX);
};

/**
 * Sort, price range (sale price), minimum discount and in-stock filters of a product list,
 * with the count of bags they leave and "Clear filters". Each change is one URL change;
 * the price range applies when a field is left or Enter is pressed, not per keystroke.
 */
export function ListControls({ query, update, clear, count, featuredLabel = 'Featured' }: ListControlsProps) {
  const [minPrice, setMinPrice] = useState(String(query.minPrice ?? ''));
  const [maxPrice, setMaxPrice] = useState(String(query.maxPrice ?? ''));
  // Back/Forward change the URL: the fields follow it.
  useEffect(() => setMinPrice(String(query.minPrice ?? '')), [query.minPrice]);
  useEffect(() => setMaxPrice(String(query.maxPrice ?? '')), [query.maxPrice]);
  const applyPrice = () => {
    const min = asRupees(minPrice);
    const max = asRupees(maxPrice);
    if (min !== query.minPrice || max !== query.maxPrice) {
      const [low, high] = min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
      update({ minPrice: low, maxPrice: high });
    }
  };
  const filtered = hasFilters(query);
  // Below 640 px the filters fold away behind a button, so the first cards stay in view.
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <Paper withBorder radius="md" p="md" className={classes.controls} component="section" aria-label="Sort and filter">
      <form
        className={classes.row}
        onSubmit={(event) => {
          event.preventDefault();
          applyPrice();
        }}
      >
        <div className={classes.top}>
          <NativeSelect
            label="Sort by"
            className={classes.sort}
            value={query.sort}
            onChange={(event) => update({ sort: event.currentTarget.value as ProductSort })}
            data={PRODUCT_SORTS.map((s) => ({ value: s, label: s === 'featured' ? featuredLabel : SORT_LABELS[s] }))}
          />
          <Button
            hiddenFrom="sm"
            variant={filtered ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            Filters
          </Button>
        </div>
        <div id={panelId} className={classes.filters} data-open={open || undefined}>
          <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.price}>
            <TextInput
              label="Min price (₹)"
              value={minPrice}
              onChange={(event) => setMinPrice(event.currentTarget.value)}
              onBlur={applyPrice}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              placeholder="0"
            />
            <TextInput
              label="Max price (₹)"
              value={maxPrice}
              onChange={(event) => setMaxPrice(event.currentTarget.value)}
              onBlur={applyPrice}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              placeholder="Any"
            />
            {/* Enter in a price field applies it; the button is for pointer users. */}
            <Button type="submit" variant="default" aria-label="Go: apply the price range">
              Go
            </Button>
          </Group>
          <NativeSelect
            label="Discount"
            className={classes.discount}
            value={String(query.minDiscountPercent ?? 0)}
            onChange={(event) => update({ minDiscountPercent: Number(event.currentTarget.value) || undefined })}
            data={DISCOUNTS.map((d) => ({ value: String(d), label: d === 0 ? 'Any discount' : `${d}% off or more` }))}
          />
          <Checkbox
            className={classes.stock}
            label="In stock only"
            checked={query.inStock}
            onChange={(event) => update({ inStock: event.currentTarget.checked })}
          />
        </div>
      </form>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text fw={700} role="status" aria-live="polite" data-testid="bag-count">
          {bagCountLabel(count)}
        </Text>
        {filtered && (
          <Button variant="subtle" size="compact-sm" onClick={clear}>
            Clear filters
          </Button>
        )}
      </Group>
    </Paper>
  );
}
