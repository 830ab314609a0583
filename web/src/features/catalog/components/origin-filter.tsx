import { originFacet, type ListedProduct, type ProductListQuery } from '@bagshop/domain';
import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './origin-filter.module.css';

export interface OriginFilterProps {
  /** The list before its filters (the facet counts what each country would show). */
  products: readonly ListedProduct[];
  query: ProductListQuery;
  hrefWith: (patch: Partial<ProductListQuery>) => string;
}

/**
 * "Country of origin" (Legal Metrology Rule 6(10A), docs/legal-metrology.md): one link per country
 * with how many bags it has, toggling it in the URL's `origin=`; plain links, so the filter works
 * before the app has taken the page over.
 */
export function OriginFilter({ products, query, hrefWith }: OriginFilterProps) {
  const facet = originFacet(products, query);
  const chosen = query.origin ?? [];
  if (facet.length === 0 && chosen.length === 0) return null;
  const toggled = (value: string) => {
    const key = value.toLowerCase();
    const next = chosen.includes(key) ? chosen.filter((c) => c !== key) : [...chosen, key];
    return hrefWith({ origin: next.length ? next : undefined });
  };
  return (
    <nav aria-label="Country of origin" className={classes.filter} data-testid="origin-filter">
      <Group gap="xs" wrap="wrap">
        <Text component="span" fz="sm" fw={700}>
          Country of origin:
        </Text>
        <Link to={hrefWith({ origin: undefined })} className={classes.chip} aria-current={chosen.length === 0 ? 'true' : undefined}>
          Any
        </Link>
        {facet.map((f) => {
          const on = chosen.includes(f.value.toLowerCase());
          return (
            <Link key={f.value} to={toggled(f.value)} className={classes.chip} aria-current={on ? 'true' : undefined} data-origin={f.value}>
              {f.value} ({f.count})
            </Link>
          );
        })}
      </Group>
    </nav>
  );
}
