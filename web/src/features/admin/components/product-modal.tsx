import { PRODUCT_CHANGED, type Product } from '@bagshop/domain';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { saveProduct, type ProductFields } from '../api/upload-product';
import type { GalleryItem } from './gallery-field';
import { ProductForm } from './product-form';

/** The spec's toast for a failed save: 409 → server message or 'Duplicate image detected'. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409 && error.message === PRODUCT_CHANGED) {
      return `${PRODUCT_CHANGED}: orders or another admin changed it. Nothing was saved; close the form and open the product again to see its current stock.`;
    }
    if (error.status === 409) return error.message || 'Duplicate image detected';
    // Bad input the form could not catch (e.g. image bytes that are not really an image):
    // the server's message says what to fix.
    if ([400, 413, 415].includes(error.status) && error.message) return error.message;
  }
  return 'Failed to save product';
}

export function ProductModal({
  opened,
  product,
  onClose,
  onSaved,
}: {
  opened: boolean;
  product: Product | null;
  onClose: () => void;
  onSaved: (product: Product) => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (fields: ProductFields, gallery: GalleryItem[]) => {
    setSubmitting(true);
    setProgress(0);
    try {
      const saved = await saveProduct({ id: product?._id, fields, gallery, onProgress: setProgress });
      notify.success(product ? 'Product updated successfully' : 'Product created successfully');
      onSaved(saved);
    } catch (error) {
      notify.error(saveFailureMessage(error));
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !submitting && onClose()}
      title={product ? 'Edit Product' : 'Add Product'}
      size="lg"
      centered
      closeOnClickOutside={!submitting}
    >
      {/* keyed so the form starts fresh for each product */}
      <ProductForm
        key={product?._id ?? 'new'}
        product={product}
        onSubmit={submit}
        onCancel={onClose}
        submitting={submitting}
        progress={progress}
      />
    </Modal>
  );
}
