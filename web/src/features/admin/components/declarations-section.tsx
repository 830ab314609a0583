import {
  declarationsSchema,
  dimensionsLbhSchema,
  fieldErrors,
  missingDeclarations,
  NET_QUANTITY_UNITS,
  variantLabel,
  type Declarations,
  type DimensionsLbh,
  type MissingDeclaration,
  type Product,
} from '@bagshop/domain';
import { Alert, Fieldset, Group, List, NativeSelect, SimpleGrid, Stack, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { Fragment } from 'react';
import { rowDims, type VariantsValue } from './variants-editor';

type PartyKey = 'manufacturer' | 'packer' | 'importer';
const PARTIES: { key: PartyKey; label: string }[] = [
  { key: 'manufacturer', label: 'Manufacturer' },
  { key: 'packer', label: 'Packer' },
  { key: 'importer', label: 'Importer' },
];

/** The Declarations section's fields, as typed (docs/legal-metrology.md). */
export interface DeclarationValues {
  genericName: string;
  netQuantityValue: string;
  netQuantityUnit: string;
  manufacturerName: string;
  manufacturerAddress: string;
  packerName: string;
  packerAddress: string;
  importerName: string;
  importerAddress: string;
  dimL: string;
  dimB: string;
  dimH: string;
}

export function declarationValuesOf(product?: Product | null): DeclarationValues {
  const d = product?.declarations ?? {};
  const dims = product?.dimensionsCm;
  return {
    genericName: d.genericName ?? '',
    // A new bag is one piece unless said otherwise; an existing product shows what it has.
    netQuantityValue: d.netQuantity ? String(d.netQuantity.value) : product ? '' : '1',
    netQuantityUnit: d.netQuantity?.unit ?? 'N',
    manufacturerName: d.manufacturer?.name ?? '',
    manufacturerAddress: d.manufacturer?.address ?? '',
    packerName: d.packer?.name ?? '',
    packerAddress: d.packer?.address ?? '',
    importerName: d.importer?.name ?? '',
    importerAddress: d.importer?.address ?? '',
    dimL: dims ? String(dims.l) : '',
    dimB: dims ? String(dims.b) : '',
    dimH: dims ? String(dims.h) : '',
  };
}

const party = (name: string, address: string) => (name.trim() || address.trim() ? { name, address } : undefined);

/** The typed values as the API's `declarations` and `dimensionsCm` (undefined: blank). */
export function declarationsOf(v: DeclarationValues): {
  declarations: Declarations;
  dimensionsCm?: DimensionsLbh | Record<string, string>;
} {
  const declarations: Record<string, unknown> = {};
  if (v.genericName.trim()) declarations.genericName = v.genericName;
  if (v.netQuantityValue.trim()) declarations.netQuantity = { value: Number(v.netQuantityValue), unit: v.netQuantityUnit };
  const manufacturer = party(v.manufacturerName, v.manufacturerAddress);
  const packer = party(v.packerName, v.packerAddress);
  const importer = party(v.importerName, v.importerAddress);
  if (manufacturer) declarations.manufacturer = manufacturer;
  if (packer) declarations.packer = packer;
  if (importer) declarations.importer = importer;
  const anyDim = [v.dimL, v.dimB, v.dimH].some((t) => t.trim() !== '');
  return {
    declarations: declarations as Declarations,
    ...(anyDim ? { dimensionsCm: { l: v.dimL, b: v.dimB, h: v.dimH } } : {}),
  };
}

/** The section's problems with the shared schema (domain schemas/declarations.ts): field → message. */
export function declarationErrors(v: DeclarationValues): Partial<Record<keyof DeclarationValues, string>> {
  const { declarations, dimensionsCm } = declarationsOf(v);
  const out: Partial<Record<keyof DeclarationValues, string>> = {};
  const parsed = declarationsSchema.safeParse(declarations);
  const at: Record<string, keyof DeclarationValues> = {
    genericName: 'genericName',
    'netQuantity.value': 'netQuantityValue',
    'netQuantity.unit': 'netQuantityUnit',
    'manufacturer.name': 'manufacturerName',
    'manufacturer.address': 'manufacturerAddress',
    'packer.name': 'packerName',
    'packer.address': 'packerAddress',
    'importer.name': 'importerName',
    'importer.address': 'importerAddress',
  };
  if (!parsed.success) for (const e of fieldErrors(parsed.error)) out[at[e.field] ?? 'genericName'] = e.message;
  if (dimensionsCm) {
    const dims = dimensionsLbhSchema.safeParse(dimensionsCm);
    if (!dims.success)
      for (const e of fieldErrors(dims.error)) out[e.field === 'b' ? 'dimB' : e.field === 'h' ? 'dimH' : 'dimL'] = e.message;
  }
  return out;
}

/** What the checklist names: the domain rule over the form as it is now. */
export function formMissing(v: DeclarationValues, countryOfOrigin: string, variants: VariantsValue): MissingDeclaration[] {
  const { declarations, dimensionsCm } = declarationsOf(v);
  const dims = dimensionsCm && dimensionsLbhSchema.safeParse(dimensionsCm).success ? dimensionsLbhSchema.parse(dimensionsCm) : undefined;
  return missingDeclarations({
    countryOfOrigin: countryOfOrigin.trim() || 'India',
    declarations,
    dimensionsCm: dims,
    options: variants.options,
    variants: variants.rows.map((r) => {
      const d = rowDims(r);
      return {
        sku: r.sku.trim().toUpperCase() || variantLabel(variants.options, r) || 'new',
        declarations: r.declarations,
        dimensionsCm: d ? { length: d.l, width: d.b, height: d.h } : undefined,
      };
    }),
  });
}

export interface DeclarationsSectionProps {
  values: DeclarationValues;
  errors: Partial<Record<keyof DeclarationValues, string>>;
  onChange: (patch: Partial<DeclarationValues>) => void;
  variants: VariantsValue;
  onVariantsChange: (value: VariantsValue) => void;
  missing: MissingDeclaration[];
  published: boolean;
  onPublishedChange: (published: boolean) => void;
  disabled?: boolean;
}

/**
 * "Declarations" (Legal Metrology, docs/legal-metrology.md): the product's, the overrides of each
 * variant (every declaration and L × B × H; blank follows the product), the checklist of what is still missing, and Publish.
 */
export function DeclarationsSection(props: DeclarationsSectionProps) {
  const { values, errors, onChange, variants, onVariantsChange, missing, published, onPublishedChange, disabled = false } = props;
  const text = (key: keyof DeclarationValues, label: string, extra: { withAsterisk?: boolean; maxLength?: number } = {}) => (
    <TextInput
      label={label}
      value={values[key]}
      error={errors[key]}
      disabled={disabled}
      maxLength={extra.maxLength ?? 120}
      withAsterisk={extra.withAsterisk}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
    />
  );
  const address = (key: keyof DeclarationValues, label: string, withAsterisk?: boolean) => (
    <Textarea
      label={label}
      value={values[key]}
      error={errors[key]}
      disabled={disabled}
      rows={2}
      maxLength={300}
      withAsterisk={withAsterisk}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
    />
  );
  const setRow = (i: number, patch: Partial<VariantsValue['rows'][number]>) =>
    onVariantsChange({ ...variants, rows: variants.rows.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
  return (
    <Fieldset legend="Declarations (Legal Metrology)" aria-label="Declarations">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          Shown on the product page as the law requires. A product is published only when every one is filled in.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('genericName', 'Generic name', { withAsterisk: true })}
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              label="Net quantity"
              withAsterisk
              inputMode="numeric"
              value={values.netQuantityValue}
              error={errors.netQuantityValue}
              disabled={disabled}
              w={110}
              onChange={(e) => onChange({ netQuantityValue: e.currentTarget.value })}
            />
            <NativeSelect
              label="Unit"
              value={values.netQuantityUnit}
              disabled={disabled}
              data={NET_QUANTITY_UNITS.map((u) => ({ value: u, label: u === 'N' ? 'N (pieces)' : 'set' }))}
              onChange={(e) => onChange({ netQuantityUnit: e.currentTarget.value })}
            />
          </Group>
          {text('manufacturerName', 'Manufacturer name', { withAsterisk: true })}
          {address('manufacturerAddress', 'Manufacturer address', true)}
          {text('packerName', 'Packer name')}
          {address('packerAddress', 'Packer address')}
          {text('importerName', 'Importer name')}
          {address('importerAddress', 'Importer address')}
        </SimpleGrid>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {(['dimL', 'dimB', 'dimH'] as const).map((key, i) => (
            <TextInput
              key={key}
              label={`${['Length', 'Breadth', 'Height'][i]} (cm)`}
              withAsterisk
              inputMode="numeric"
              value={values[key]}
              error={errors[key]}
              disabled={disabled}
              w={110}
              onChange={(e) => onChange({ [key]: e.currentTarget.value })}
            />
          ))}
        </Group>
        {variants.rows.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              Per variant (left blank: the product&apos;s)
            </Text>
            <Table.ScrollContainer minWidth={1400}>
              <Table withTableBorder verticalSpacing={4} aria-label="Declarations per variant">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Variant</Table.Th>
                    <Table.Th>L × B × H (cm)</Table.Th>
                    <Table.Th>Generic name</Table.Th>
                    <Table.Th>Net quantity</Table.Th>
                    {PARTIES.map((p) => (
                      <Fragment key={p.key}>
                        <Table.Th>{p.label} name</Table.Th>
                        <Table.Th>{p.label} address</Table.Th>
                      </Fragment>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {variants.rows.map((r, i) => {
                    const label = variantLabel(variants.options, r) || r.sku;
                    const dims = r.dims ?? { l: '', b: '', h: '' };
                    const own: Declarations = r.declarations ?? {};
                    // A blank override is left out, so the variant follows the product's value.
                    const setOwn = (key: keyof Declarations, next: Declarations[keyof Declarations] | undefined) => {
                      const { [key]: _old, ...rest } = own;
                      setRow(i, { declarations: next === undefined ? rest : { ...rest, [key]: next } });
                    };
                    const setParty = (key: PartyKey, patch: { name?: string; address?: string }) => {
                      const next = { name: '', address: '', ...own[key], ...patch };
                      setOwn(key, next.name || next.address ? next : undefined);
                    };
                    const quantity = own.netQuantity;
                    return (
                      <Table.Tr key={r._id ?? i}>
                        <Table.Td>
                          <Text size="xs">{label}</Text>
                          <Text size="xs" c="dimmed">
                            {r.sku}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {(['l', 'b', 'h'] as const).map((k) => (
                              <TextInput
                                key={k}
                                size="xs"
                                w={52}
                                aria-label={`${label}: ${{ l: 'length', b: 'breadth', h: 'height' }[k]} (cm)`}
                                value={dims[k]}
                                disabled={disabled}
                                onChange={(e) => setRow(i, { dims: { ...dims, [k]: e.currentTarget.value } })}
                              />
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            aria-label={`${label}: generic name`}
                            value={own.genericName ?? ''}
                            disabled={disabled}
                            maxLength={120}
                            onChange={(e) => setOwn('genericName', e.currentTarget.value || undefined)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <TextInput
                              size="xs"
                              w={52}
                              inputMode="numeric"
                              aria-label={`${label}: net quantity`}
                              value={quantity ? String(quantity.value) : ''}
                              disabled={disabled}
                              onChange={(e) => {
                                const typed = e.currentTarget.value.trim();
                                setOwn('netQuantity', typed === '' ? undefined : { value: Number(typed), unit: quantity?.unit ?? 'N' });
                              }}
                            />
                            <NativeSelect
                              size="xs"
                              aria-label={`${label}: net quantity unit`}
                              value={quantity?.unit ?? 'N'}
                              disabled={disabled || !quantity}
                              data={NET_QUANTITY_UNITS.map((u) => ({ value: u, label: u }))}
                              onChange={(e) =>
                                quantity &&
                                setOwn('netQuantity', { value: quantity.value, unit: e.currentTarget.value as typeof quantity.unit })
                              }
                            />
                          </Group>
                        </Table.Td>
                        {PARTIES.map((p) => {
                          const party = own[p.key] ?? { name: '', address: '' };
                          return (
                            <Fragment key={p.key}>
                              <Table.Td>
                                <TextInput
                                  size="xs"
                                  aria-label={`${label}: ${p.key} name`}
                                  value={party.name}
                                  disabled={disabled}
                                  maxLength={120}
                                  onChange={(e) => setParty(p.key, { name: e.currentTarget.value })}
                                />
                              </Table.Td>
                              <Table.Td>
                                <TextInput
                                  size="xs"
                                  aria-label={`${label}: ${p.key} address`}
                                  value={party.address}
                                  disabled={disabled}
                                  maxLength={300}
                                  onChange={(e) => setParty(p.key, { address: e.currentTarget.value })}
                                />
                              </Table.Td>
                            </Fragment>
                          );
                        })}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        {missing.length > 0 ? (
          <Alert
            color="orange"
            variant="light"
            title="Missing before it can be published"
            role="status"
            data-testid="declarations-checklist"
          >
            <List size="sm">
              {missing.map((m) => (
                <List.Item key={m.message}>{m.message}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Alert color="green" variant="light" role="status" data-testid="declarations-checklist">
            Every declaration is filled in: ready to publish.
          </Alert>
        )}
        <Switch
          label="Published: shown to shoppers"
          description={published ? 'Untick to make it a draft again (hidden from the shop)' : 'A draft: only admins see it'}
          checked={published}
          disabled={disabled}
          onChange={(e) => onPublishedChange(e.currentTarget.checked)}
        />
      </Stack>
    </Fieldset>
  );
}
