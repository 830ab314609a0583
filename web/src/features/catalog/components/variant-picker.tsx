import { COLOUR_OPTION, findVariant, SIZE_OPTION, type Product, type ProductVariant } from '@bagshop/domain';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import classes from './variant-picker.module.css';
import { swatchOf } from './variant-swatches';

export interface VariantPickerProps {
  product: Product;
  /** Option name → the value chosen so far. */
  chosen: Record<string, string>;
  onChoose: (name: string, value: string) => void;
  /** The page's URL with `?variant=<id>`: where an option leads before the app is live. */
  hrefFor: (variantId: string) => string;
}

/** Does the variant have every value chosen so far? */
const hasAll = (v: ProductVariant, wanted: Record<string, string>) => Object.entries(wanted).every(([k, val]) => v.options[k] === val);

/** What a value would sell as, given the other choices: the variant, if that combination is sold. */
function variantWith(product: Product, chosen: Record<string, string>, name: string, value: string): ProductVariant | undefined {
  const wanted = { ...chosen, [name]: value };
  const options = product.options ?? [];
  if (options.some((o) => wanted[o.name] === undefined)) {
    // Not every option chosen yet: any sold variant with these values will do.
    return (product.variants ?? []).find((v) => hasAll(v, wanted) && v.stock > 0);
  }
  return findVariant(product.variants ?? [], wanted);
}

/**
 * Where a value leads without the app: a whole variant (the URL carries only whole ones), the one
 * with this value and the other choices if sold, else one with this value, in stock first.
 */
function linkedVariant(product: Product, chosen: Record<string, string>, name: string, value: string): ProductVariant | undefined {
  const variants = product.variants ?? [];
  const withValue = variants.filter((v) => v.options[name] === value);
  const wanted = { ...chosen, [name]: value };
  const matches = (v: ProductVariant) => hasAll(v, wanted);
  return withValue.find((v) => matches(v) && v.stock > 0) ?? withValue.find(matches) ?? withValue.find((v) => v.stock > 0) ?? withValue[0];
}

/** A plain click or Enter is the app's once it is live; a click with a modifier opens the link as links do. */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The size buttons' second line: the height and the capacity of that size, when given. */
function sizeDetail(product: Product, value: string): string {
  const v = (product.variants ?? []).find((x) => x.options[SIZE_OPTION] === value);
  const parts = [v?.dimensionsCm ? `${v.dimensionsCm.height} cm` : '', v?.capacityLitres ? `${v.capacityLitres} L` : ''];
  return parts.filter(Boolean).join(' · ');
}

/**
 * The size buttons and colour swatches (other options as buttons) of a product page
 * (docs/variants.md). A combination that is sold out or not sold stays visible, marked.
 * Each is a link to the page with that variant, so a choice made before the app is live (or
 * without JavaScript) loads the page drawn with it; once live, the choice stays in the page.
 */
export function VariantPicker({ product, chosen, onChoose, hrefFor }: VariantPickerProps) {
  return (
    <Stack gap="sm">
      {(product.options ?? []).map((option) => (
        <div key={option.name} role="radiogroup" aria-label={option.name}>
          <Text fw={600} fz="sm" mb={6}>
            {option.name}
            {chosen[option.name] ? `: ${chosen[option.name]}` : ''}
          </Text>
          <Group gap={8}>
            {option.values.map((value) => {
              const variant = variantWith(product, chosen, option.name, value);
              const unavailable = !variant || variant.stock <= 0;
              const selected = chosen[option.name] === value;
              const detail = option.name === SIZE_OPTION ? sizeDetail(product, value) : '';
              const colour = option.name === COLOUR_OPTION;
              const linked = linkedVariant(product, chosen, option.name, value);
              return (
                <UnstyledButton
                  key={value}
                  component={Link}
                  to={linked ? hrefFor(linked._id) : hrefFor('')}
                  replace
                  preventScrollReset
                  role="radio"
                  aria-checked={selected}
                  aria-label={`${option.name} ${value}${detail ? ` (${detail})` : ''}${unavailable ? ', sold out' : ''}`}
                  className={classes.choice}
                  data-selected={selected || undefined}
                  data-unavailable={unavailable || undefined}
                  onClick={(event: MouseEvent) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    onChoose(option.name, value);
                  }}
                  onKeyDown={(event: KeyboardEvent) => {
                    // A radio is also chosen with Space (a link alone answers Enter only).
                    if (event.key !== ' ') return;
                    event.preventDefault();
                    onChoose(option.name, value);
                  }}
                >
                  {colour && <span className={classes.swatch} style={{ background: swatchOf(value) }} aria-hidden />}
                  <span className={classes.value}>{value}</span>
                  {detail && <span className={classes.detail}>{detail}</span>}
                </UnstyledButton>
              );
            })}
          </Group>
        </div>
      ))}
    </Stack>
  );
}
