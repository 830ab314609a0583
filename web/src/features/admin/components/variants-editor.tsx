import {
  allCombinations,
  findVariant,
  MAX_OPTIONS,
  validateVariants,
  variantLabel,
  type Declarations,
  type Product,
  type ProductOption,
} from '@bagshop/domain';
import { ActionIcon, Button, Checkbox, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/** One row of the variant table, as the form holds it. */
export interface VariantRow {
  _id?: string;
  sku: string;
  options: Record<string, string>;
  price: number | '';
  discount: number | '';
  stock: number | '';
  /** Gallery positions, comma-separated ("1, 2"); blank: the product's pictures. */
  pictures: string;
  /** The stock as loaded: an unchanged stock is not sent (the per-variant stale-stock rule). */
  loadedStock?: number;
  /** L × B × H in cm (text as typed; all three or none): overrides the product's (docs/legal-metrology.md). */
  dims?: { l: string; b: string; h: string };
  /** Declarations of this variant overriding the product's, as loaded or edited (every field in the form). */
  declarations?: Declarations;
}

export interface VariantsValue {
  options: ProductOption[];
  rows: VariantRow[];
}

/** The editor's state for a product (its options and variants), or empty for a new one. */
export function variantsValueOf(product?: Product | null): VariantsValue {
  const options = product?.options ?? [];
  if (options.length === 0) return { options: [], rows: [] };
  const images = product?.images ?? [];
  return {
    options,
    rows: (product?.variants ?? []).map((v) => ({
      _id: v._id,
      sku: v.sku,
      options: v.options,
      price: v.price,
      discount: v.discount,
      stock: v.stock,
      loadedStock: v.stock,
      ...(v.dimensionsCm
        ? { dims: { l: String(v.dimensionsCm.length), b: String(v.dimensionsCm.width), h: String(v.dimensionsCm.height) } }
        : {}),
      ...(v.declarations ? { declarations: v.declarations } : {}),
      pictures: v.images
        .map((img) => images.findIndex((g) => g.hash === img.hash) + 1)
        .filter((n) => n > 0)
        .join(', '),
    })),
  };
}

/** The `options` and `variants` JSON the API takes (docs/variants.md); null without options. */
export function variantsPayload(value: VariantsValue): { options: string; variants: string } | null {
  if (value.options.length === 0) return null;
  const variants = value.rows.map((r) => {
    const imageIndexes = r.pictures
      .split(',')
      .map((t) => Number.parseInt(t.trim(), 10) - 1)
      .filter((n) => Number.isInteger(n) && n >= 0);
    return {
      ...(r._id ? { _id: r._id } : {}),
      sku: r.sku,
      options: r.options,
      price: r.price,
      discount: r.discount === '' ? 0 : r.discount,
      // An unchanged stock is left out, so an order since the form loaded is not overwritten.
      ...(r.stock !== '' && r.stock !== r.loadedStock ? { stock: r.stock } : {}),
      ...(imageIndexes.length ? { imageIndexes } : {}),
      ...(rowDims(r) ? { dimensionsCm: rowDims(r) } : {}),
      // Sent always: `{}` clears the overrides this form removed.
      declarations: r.declarations ?? {},
    };
  });
  return { options: JSON.stringify(value.options), variants: JSON.stringify(variants) };
}

/** A row's L × B × H as numbers when all three are typed; undefined otherwise. */
export function rowDims(r: VariantRow): { l: number; b: number; h: number } | undefined {
  if (!r.dims) return undefined;
  const [l, b, h] = [r.dims.l, r.dims.b, r.dims.h].map((t) => Number(t.trim()));
  return [r.dims.l, r.dims.b, r.dims.h].every((t) => t.trim() !== '') && [l, b, h].every((n) => Number.isFinite(n))
    ? { l: l as number, b: b as number, h: h as number }
    : undefined;
}

/** The first problem of the table, for the form to show before sending. */
export function variantsProblem(value: VariantsValue): string | null {
  if (value.options.length === 0) return null;
  if (value.rows.some((r) => r.price === '')) return 'Every variant needs a price';
  const problems = validateVariants(
    value.options,
    value.rows.map((r) => ({ options: r.options, sku: r.sku.trim().toUpperCase(), ...(r._id ? { _id: r._id } : {}) })),
  );
  return problems[0] ?? null;
}

export interface VariantsEditorProps {
  value: VariantsValue;
  onChange: (value: VariantsValue) => void;
  disabled?: boolean;
}

const splitValues = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/**
 * Sizes and colours (docs/variants.md): up to three options with their values, "Generate rows"
 * makes a row per combination (keeping rows already there), and the table edits SKU, price,
 * discount, stock and pictures per row; selected rows get a price or a stock at once.
 */
export function VariantsEditor({ value, onChange, disabled = false }: VariantsEditorProps) {
  const [texts, setTexts] = useState(() => value.options.map((o) => ({ name: o.name, values: o.values.join(', ') })));
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [bulkPrice, setBulkPrice] = useState<number | ''>('');
  const [bulkStock, setBulkStock] = useState<number | ''>('');

  const options = (): ProductOption[] =>
    texts.filter((t) => t.name.trim() !== '').map((t) => ({ name: t.name.trim(), values: splitValues(t.values) }));

  const generate = () => {
    const opts = options();
    const rows = allCombinations(opts).map(
      (combo) =>
        findVariant(value.rows, combo) ?? { sku: '', options: combo, price: '' as const, discount: '' as const, stock: 0, pictures: '' },
    );
    setSelected(new Set());
    onChange({ options: opts, rows });
  };
  const setRow = (i: number, patch: Partial<VariantRow>) =>
    onChange({ ...value, rows: value.rows.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
  const bulk = (patch: Partial<VariantRow>) =>
    onChange({ ...value, rows: value.rows.map((r, k) => (selected.has(k) ? { ...r, ...patch } : r)) });

  return (
    <Stack gap="xs" aria-label="Sizes and colours">
      <Title order={3} fz="md">
        Sizes and colours
      </Title>
      <Text size="xs" c="dimmed">
        Up to {MAX_OPTIONS} options (Size, Colour…), values separated by commas. Without options the product has one price and stock.
      </Text>
      {texts.map((t, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={`Option ${i + 1}`}
            value={t.name}
            w={120}
            disabled={disabled}
            onChange={(e) => setTexts(texts.map((x, k) => (k === i ? { ...x, name: e.currentTarget.value } : x)))}
          />
          <TextInput
            label={`Values of option ${i + 1}`}
            value={t.values}
            style={{ flex: 1 }}
            disabled={disabled}
            onChange={(e) => setTexts(texts.map((x, k) => (k === i ? { ...x, values: e.currentTarget.value } : x)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove option ${i + 1}`}
            disabled={disabled}
            onClick={() => setTexts(texts.filter((_, k) => k !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        {texts.length < MAX_OPTIONS && (
          <Button
            variant="default"
            size="xs"
            disabled={disabled}
            onClick={() => setTexts([...texts, { name: texts.length === 0 ? 'Size' : texts.length === 1 ? 'Colour' : '', values: '' }])}
          >
            Add option
          </Button>
        )}
        {texts.length > 0 && (
          <Button size="xs" variant="light" disabled={disabled} onClick={generate}>
            Generate rows
          </Button>
        )}
      </Group>
      {value.rows.length > 0 && (
        <>
          <Group gap="xs" align="flex-end">
            <NumberInput
              label="Price for selected"
              w={130}
              size="xs"
              hideControls
              allowDecimal={false}
              allowNegative={false}
              value={bulkPrice}
              onChange={(v) => setBulkPrice(typeof v === 'number' ? v : '')}
            />
            <Button
              size="xs"
              variant="default"
              disabled={disabled || selected.size === 0 || bulkPrice === ''}
              onClick={() => bulk({ price: bulkPrice })}
            >
              Set price
            </Button>
            <NumberInput
              label="Stock for selected"
              w={130}
              size="xs"
              hideControls
              allowDecimal={false}
              allowNegative={false}
              value={bulkStock}
              onChange={(v) => setBulkStock(typeof v === 'number' ? v : '')}
            />
            <Button
              size="xs"
              variant="default"
              disabled={disabled || selected.size === 0 || bulkStock === ''}
              onClick={() => bulk({ stock: bulkStock })}
            >
              Set stock
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={640} type="native" tabIndex={0}>
            <Table striped withTableBorder aria-label="Variants">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label="Select all variants"
                      checked={selected.size === value.rows.length}
                      onChange={(e) => setSelected(e.currentTarget.checked ? new Set(value.rows.map((_, k) => k)) : new Set())}
                    />
                  </Table.Th>
                  <Table.Th>Variant</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Price (₹)</Table.Th>
                  <Table.Th>Discount (₹)</Table.Th>
                  <Table.Th>Stock</Table.Th>
                  <Table.Th>Pictures</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {value.rows.map((r, i) => {
                  const name = variantLabel(value.options, r) || 'Variant';
                  return (
                    <Table.Tr key={`${i}-${name}`}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${name}`}
                          checked={selected.has(i)}
                          onChange={(e) => {
                            const next = new Set(selected);
                            if (e.currentTarget.checked) next.add(i);
                            else next.delete(i);
                            setSelected(next);
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{name}</Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={`SKU of ${name}`}
                          placeholder="generated"
                          value={r.sku}
                          maxLength={40}
                          disabled={disabled}
                          onChange={(e) => setRow(i, { sku: e.currentTarget.value.toUpperCase() })}
                        />
                      </Table.Td>
                      {(['price', 'discount', 'stock'] as const).map((field) => (
                        <Table.Td key={field}>
                          <NumberInput
                            size="xs"
                            w={90}
                            hideControls
                            allowDecimal={false}
                            allowNegative={false}
                            aria-label={`${field[0]?.toUpperCase()}${field.slice(1)} of ${name}`}
                            value={r[field]}
                            disabled={disabled}
                            onChange={(v) => setRow(i, { [field]: typeof v === 'number' ? v : '' })}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <TextInput
                          size="xs"
                          w={70}
                          aria-label={`Pictures of ${name}`}
                          placeholder="1, 2"
                          value={r.pictures}
                          disabled={disabled}
                          onChange={(e) => setRow(i, { pictures: e.currentTarget.value })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
