import {
  CATEGORIES,
  CATEGORY_LABELS,
  DEFAULT_GST_RATE,
  DEFAULT_HSN,
  discountPercent,
  fieldErrors,
  formatINR,
  GST_RATES,
  PRODUCT_REQUIRED,
  productCreateSchema,
  salePrice,
  type Product,
} from '@bagshop/domain';
import { Alert, Button, Group, Image, NativeSelect, NumberInput, Progress, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Dropzone, MIME_TYPES, type FileRejection } from '@mantine/dropzone';
import { useForm, type FormErrors } from '@mantine/form';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ProductFields } from '../api/upload-product';

export const IMAGE_TYPES = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_MESSAGE = 'Image must be a JPEG, PNG or WebP file';
export const IMAGE_SIZE_MESSAGE = 'Image must be 5 MB or smaller';

interface FormValues {
  name: string;
  description: string;
  price: number | string;
  discount: number | string;
  category: string;
  stock: number | string;
  hsn: string;
  gstRatePercent: string;
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

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('file-invalid-type')) return IMAGE_TYPE_MESSAGE;
  if (codes.includes('file-too-large')) return IMAGE_SIZE_MESSAGE;
  if (codes.includes('too-many-files')) return 'Choose one image';
  return 'This file cannot be used as the product image';
}

export interface ProductFormProps {
  product?: Product | null;
  /** Called with valid fields; the image is the newly chosen file, if any. */
  onSubmit: (fields: ProductFields, image: File | null) => Promise<void> | void;
  onCancel?: () => void;
  submitting?: boolean;
  /** Upload progress, 0 → 1, while saving. */
  progress?: number | null;
}

export function ProductForm({ product, onSubmit, onCancel, submitting = false, progress = null }: ProductFormProps) {
  const form = useForm<FormValues>({
    initialValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product?.price ?? '',
      discount: product?.discount ?? '',
      category: product?.category ?? '',
      stock: product?.stock ?? '',
      hsn: product?.hsn ?? DEFAULT_HSN,
      gstRatePercent: String(product?.gstRatePercent ?? DEFAULT_GST_RATE),
    },
    validate: validateProduct,
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!image || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const missingRequired = Object.values(form.errors).includes('Required');
  const price = Number(form.values.price);
  const discount = Number(form.values.discount || 0);
  const showSale = Number.isFinite(price) && price > 0 && Number.isFinite(discount) && discount > 0 && discount <= price;
  const shownImage = preview ?? product?.image.url ?? null;

  const submit = form.onSubmit(async (values) => {
    const parsed = productCreateSchema.parse(values);
    await onSubmit(
      {
        name: parsed.name,
        description: parsed.description,
        price: parsed.price,
        discount: parsed.discount,
        category: parsed.category,
        stock: parsed.stock,
        hsn: parsed.hsn,
        gstRatePercent: parsed.gstRatePercent,
      },
      image,
    );
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
          <NumberInput label="Price (₹)" withAsterisk allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps('price')} />
          <NumberInput label="Discount (₹ off)" allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps('discount')} />
          <NativeSelect
            label="Category"
            withAsterisk
            data={[{ value: '', label: 'Choose a category' }, ...CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))]}
            {...form.getInputProps('category')}
          />
          <NumberInput label="Stock" withAsterisk allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps('stock')} />
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
        {showSale && (
          <Text size="sm" c="dimmed">
            Sells at {formatINR(salePrice(price, discount))} ({discountPercent(price, discount)}% off)
          </Text>
        )}

        <div>
          <Text size="sm" fw={500} mb={4}>
            Image
          </Text>
          <Group align="stretch" wrap="nowrap" gap="sm">
            <Dropzone
              onDrop={(files) => {
                setImageError(null);
                setImage(files[0] ?? null);
              }}
              onReject={(rejections) => {
                setImage(null);
                setImageError(rejectionMessage(rejections));
              }}
              accept={IMAGE_TYPES}
              maxSize={IMAGE_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              disabled={submitting}
              style={{ flex: 1 }}
              aria-label="Product image"
              data-testid="image-dropzone"
            >
              <Group justify="center" gap="sm" mih={96} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={32} color="var(--mantine-color-blue-6)" />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={32} color="var(--mantine-color-red-6)" />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconPhoto size={32} color="var(--mantine-color-dimmed)" />
                </Dropzone.Idle>
                <div>
                  <Text size="sm">{image ? image.name : 'Drop an image here or click to choose'}</Text>
                  <Text size="xs" c="dimmed">
                    JPEG, PNG or WebP, up to 5 MB{product ? ' (leave empty to keep the current image)' : ''}
                  </Text>
                </div>
              </Group>
            </Dropzone>
            {shownImage && <Image src={shownImage} alt="Image preview" w={96} h={96} radius="sm" fit="cover" />}
          </Group>
          {imageError && (
            <Text size="sm" c="red" mt={4} role="alert">
              {imageError}
            </Text>
          )}
        </div>

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
