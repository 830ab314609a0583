import {
  CATEGORIES,
  CATEGORY_LABELS,
  DEFAULT_COUNTRY_OF_ORIGIN,
  DEFAULT_GST_RATE,
  DEFAULT_HSN,
  discountPercent,
  fieldErrors,
  formatINR,
  missingDeclarations,
  GST_RATES,
  NON_RETURNABLE_REASON_MAX,
  PRODUCT_EDITABLE_FIELDS,
  PRODUCT_REQUIRED,
  productCreateSchema,
  salePrice,
  type Product,
} from '@bagshop/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useRef, useState } from 'react';
import type { ProductFields } from '../api/upload-product';
import { GalleryField, galleryItemsOf, type GalleryItem } from './gallery-field';
import {
  declarationErrors,
  declarationsOf,
  DeclarationsSection,
  declarationValuesOf,
  formMissing,
  type DeclarationValues,
} from './declarations-section';
import { VariantsEditor, variantsPayload, variantsProblem, variantsValueOf, type VariantsValue } from './variants-editor';

interface FormValues {
  name: string;
  description: string;
  price: number | string;
  discount: number | string;
  category: string;
  stock: number | string;
  countryOfOrigin: string;
  hsn: string;
  gstRatePercent: string;
  returnable: boolean;
  nonReturnableReason: string;
}

/**
 * Validates with the API's own schema (`productCreateSchema` from domain), so the form and
 * the server agree. A missing required field is marked 'Required' and the form says the
 * spec's 'Name, price, category and stock are required' once, above the fields.
 */
export function validateProduct(values: FormValues): FormErrors {
  const parsed = productCreateSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const { field, message } of fieldErrors(parsed.error)) {
    errors[field || 'name'] = message === PRODUCT_REQUIRED ? 'Required' : message;
  }
  return errors;
}

/**
 * An edit sends only what changed, and the `updatedAt` it started from: saving a typo fix
 * must not write back the stock the form loaded an hour ago (orders have changed it since).
 */
export function changedFields(
  product: Product,
  values: Required<Omit<ProductFields, 'expectedUpdatedAt' | 'options' | 'variants'>>,
): ProductFields {
  const changed: ProductFields = { expectedUpdatedAt: product.updatedAt };
  // A product saved before a field existed shows that field's default: unchanged, not sent.
  const loaded = {
    ...product,
    hsn: product.hsn ?? DEFAULT_HSN,
    gstRatePercent: product.gstRatePercent ?? DEFAULT_GST_RATE,
    returnable: product.returnable !== false,
    nonReturnableReason: product.nonReturnableReason ?? '',
    declarations: product.declarations ? JSON.stringify(product.declarations) : '',
    dimensionsCm: product.dimensionsCm ? JSON.stringify(product.dimensionsCm) : '',
    published: product.published !== false,
  };
  for (const key of PRODUCT_EDITABLE_FIELDS) {
    if (values[key] !== loaded[key]) Object.assign(changed, { [key]: values[key] });
  }
  return changed;
}

export interface ProductFormProps {
  product?: Product | null;
  /** Called with valid fields and the gallery as it should be saved (docs/search-and-seo.md). */
  onSubmit: (fields: ProductFields, gallery: GalleryItem[]) => Promise<void> | void;
  onCancel?: () => void;
  submitting?: boolean;
  /** Upload progress, 0 → 1, while saving. */
  progress?: number | null;
}

export function ProductForm({ product, onSubmit, onCancel, submitting = false, progress = null }: ProductFormProps) {
  const [variants, setVariants] = useState<VariantsValue>(() => variantsValueOf(product));
  const [variantError, setVariantError] = useState<string | null>(null);
  const hasOptions = variants.options.length > 0;
  // With variants, price, discount and stock are the table's: the product fields pass validation with placeholders.
  const optionsRef = useRef(hasOptions);
  optionsRef.current = hasOptions;
  const form = useForm<FormValues>({
    initialValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product?.price ?? '',
      discount: product?.discount ?? '',
      category: product?.category ?? '',
      stock: product?.stock ?? '',
      countryOfOrigin: product?.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN,
      hsn: product?.hsn ?? DEFAULT_HSN,
      gstRatePercent: String(product?.gstRatePercent ?? DEFAULT_GST_RATE),
      returnable: product?.returnable !== false,
      nonReturnableReason: product?.nonReturnableReason ?? '',
    },
    validate: (values) => validateProduct(optionsRef.current ? { ...values, price: 1, discount: 0, stock: 0 } : values),
  });
  const [gallery, setGallery] = useState<GalleryItem[]>(() => galleryItemsOf(product?.images ?? []));
  // Legal Metrology (docs/legal-metrology.md): the declarations, what is missing, and Publish.
  const [decl, setDecl] = useState<DeclarationValues>(() => declarationValuesOf(product));
  const [declErrors, setDeclErrors] = useState<ReturnType<typeof declarationErrors>>({});
  const [published, setPublished] = useState(product ? product.published !== false : false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const missing = formMissing(decl, form.values.countryOfOrigin, variants);

  const missingRequired = Object.values(form.errors).includes('Required');
  const price = Number(form.values.price);
  const discount = Number(form.values.discount || 0);
  const showSale = Number.isFinite(price) && price > 0 && Number.isFinite(discount) && discount > 0 && discount <= price;

  const submit = form.onSubmit(async (values) => {
    const payload = variantsPayload(variants);
    const problem = variantsProblem(variants);
    setVariantError(problem);
    if (problem) return;
    const declProblems = declarationErrors(decl);
    setDeclErrors(declProblems);
    if (Object.keys(declProblems).length > 0) return;
    // As the API: publishing needs every declaration; a product already listed may not lose one it has.
    const listed = product ? product.published !== false : false;
    const hadMissing = new Set(listed && product ? missingDeclarations(product).map((m) => m.message) : []);
    const stillMissing = published ? formMissing(decl, values.countryOfOrigin, variants).filter((m) => !hadMissing.has(m.message)) : [];
    setPublishError(stillMissing.length ? 'Fill in what the checklist names before publishing, or save it as a draft' : null);
    if (stillMissing.length) return;
    const typed = declarationsOf(decl);
    const dims = typed.dimensionsCm as { l: string; b: string; h: string } | undefined;
    const parsed = productCreateSchema.parse(payload ? { ...values, price: 1, discount: 0, stock: 0 } : values);
    const all = {
      name: parsed.name,
      description: parsed.description,
      price: parsed.price,
      discount: parsed.discount,
      category: parsed.category,
      stock: parsed.stock,
      countryOfOrigin: parsed.countryOfOrigin,
      hsn: parsed.hsn,
      gstRatePercent: parsed.gstRatePercent,
      returnable: parsed.returnable,
      // A returnable product keeps no reason (the product page would not show it anyway).
      nonReturnableReason: parsed.returnable ? '' : parsed.nonReturnableReason,
      declarations: Object.keys(typed.declarations).length > 0 ? JSON.stringify(typed.declarations) : '',
      dimensionsCm: dims ? JSON.stringify({ l: Number(dims.l), b: Number(dims.b), h: Number(dims.h) }) : '',
      published,
    };
    const fields: ProductFields = product ? changedFields(product, all) : all;
    // A new product sends only the declarations typed in.
    if (!product && !all.declarations) delete fields.declarations;
    if (!product && !all.dimensionsCm) delete fields.dimensionsCm;
    if (payload) {
      // The variants carry price, discount and stock (docs/variants.md).
      delete fields.price;
      delete fields.discount;
      delete fields.stock;
      Object.assign(fields, payload);
    }
    await onSubmit(fields, gallery);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={product ? 'Edit product' : 'Add product'}>
      <Stack gap="sm">
        {missingRequired && (
          <Alert color="red" variant="light" role="alert">
            {PRODUCT_REQUIRED}
          </Alert>
        )}
        <TextInput label="Name" withAsterisk maxLength={120} {...form.getInputProps('name')} />
        <Textarea label="Description" rows={3} maxLength={5000} {...form.getInputProps('description')} />
        <SimpleGrid cols={2}>
          {!hasOptions && (
            <NumberInput
              label="Price (₹)"
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('price')}
            />
          )}
          {!hasOptions && (
            <NumberInput
              label="Discount (₹ off)"
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('discount')}
            />
          )}
          <NativeSelect
            label="Category"
            withAsterisk
            data={[{ value: '', label: 'Choose a category' }, ...CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))]}
            {...form.getInputProps('category')}
          />
          {!hasOptions && (
            <NumberInput
              label="Stock"
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('stock')}
            />
          )}
          <TextInput
            label="Country of origin"
            description="Shown on the product page"
            maxLength={60}
            {...form.getInputProps('countryOfOrigin')}
          />
          <TextInput
            label="HSN code"
            description="On the tax invoice; bags are 4202"
            inputMode="numeric"
            maxLength={9}
            {...form.getInputProps('hsn')}
          />
          <NativeSelect
            label="GST rate"
            description="Included in the price"
            data={GST_RATES.map((rate) => ({ value: String(rate), label: `${rate}%` }))}
            {...form.getInputProps('gstRatePercent')}
          />
        </SimpleGrid>
        <Checkbox
          label="Can be returned"
          description="Within the shop's return window (Seller settings)"
          {...form.getInputProps('returnable', { type: 'checkbox' })}
        />
        {!form.values.returnable && (
          <TextInput
            label="Why it cannot be returned"
            description="Shown on the product page before purchase, and on the order"
            withAsterisk
            maxLength={NON_RETURNABLE_REASON_MAX}
            {...form.getInputProps('nonReturnableReason')}
          />
        )}
        {showSale && !hasOptions && (
          <Text size="sm" c="dimmed">
            Sells at {formatINR(salePrice(price, discount))} ({discountPercent(price, discount)}% off)
          </Text>
        )}

        <GalleryField items={gallery} onChange={setGallery} disabled={submitting} />

        <VariantsEditor value={variants} onChange={setVariants} disabled={submitting} />
        {variantError && (
          <Alert color="red" variant="light" role="alert">
            {variantError}
          </Alert>
        )}

        <DeclarationsSection
          values={decl}
          errors={declErrors}
          onChange={(patch) => setDecl((d) => ({ ...d, ...patch }))}
          variants={variants}
          onVariantsChange={setVariants}
          missing={missing}
          published={published}
          onPublishedChange={(on) => {
            setPublishError(null);
            setPublished(on);
          }}
          disabled={submitting}
        />
        {publishError && (
          <Alert color="red" variant="light" role="alert">
            {publishError}
          </Alert>
        )}

        {progress !== null && (
          <div aria-live="polite">
            <Text size="xs" c="dimmed" mb={2}>
              {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Saving…'}
            </Text>
            <Progress value={Math.round(progress * 100)} animated={progress < 1} aria-label="Upload progress" />
          </div>
        )}

        <Group justify="flex-end" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {product ? 'Save changes' : 'Add Product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
