import type { Product } from '@bagshop/domain';
import { ApiError } from '../../../lib/api-client';
import { getFirebaseAuth } from '../../../lib/firebase';
import type { GalleryItem } from '../components/gallery-field';

/**
 * A product form as multipart fields; numbers travel as text (the schema reads them back).
 * An edit sends only the fields that changed, plus `expectedUpdatedAt`: the product's
 * `updatedAt` as the form loaded it (a stock change based on an older one answers 409).
 */
export interface ProductFields {
  name?: string;
  description?: string;
  price?: number;
  discount?: number;
  category?: string;
  stock?: number;
  expectedUpdatedAt?: string;
  countryOfOrigin?: string;
  /** Tax invoice fields (docs/gst-invoices.md). */
  hsn?: string;
  gstRatePercent?: number;
  /** false with the reason shoppers see (docs/returns.md). */
  returnable?: boolean;
  nonReturnableReason?: string;
  /** Sizes and colours as JSON strings (docs/variants.md). */
  options?: string;
  variants?: string;
  /** Legal Metrology declarations and L × B × H as JSON strings ('' clears); published (docs/legal-metrology.md). */
  declarations?: string;
  dimensionsCm?: string;
  published?: boolean;
}

export interface SaveProductOptions {
  /** Edit this product (PATCH) instead of creating one. */
  id?: string;
  fields: ProductFields;
  /** The pictures as they should be, in order: new files are uploaded as `images`, the order is `imageOrder`. */
  gallery?: GalleryItem[];
  /** 0 → 1 while the body is sent. */
  onProgress?: (fraction: number) => void;
}

const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POST /api/products/createProducts or PATCH /api/admin/products/{id} as multipart, through
 * XMLHttpRequest because fetch cannot report upload progress. Resolves with the saved
 * product; rejects with ApiError carrying the server's status and message.
 */
export async function saveProduct({ id, fields, gallery, onProgress }: SaveProductOptions): Promise<Product> {
  const user = getFirebaseAuth().currentUser;
  const token = user ? await user.getIdToken() : null;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  if (gallery) {
    const order: string[] = [];
    for (const item of gallery) {
      if ('image' in item) order.push(item.image.hash);
      else {
        order.push(`new:${form.getAll('images').length}`);
        form.append('images', item.file, item.file.name);
      }
    }
    form.append('imageOrder', order.join(','));
  }

  // The edit's admin path runs in the admin's function (docs/decisions/0031-reads-follow-changes.md).
  const path = id ? `/api/admin/products/${encodeURIComponent(id)}` : '/api/products/createProducts';
  return new Promise<Product>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(id ? 'PATCH' : 'POST', path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: { success?: boolean; data?: Product; message?: string; errors?: { field: string; message: string }[] } = {};
      try {
        json = JSON.parse(xhr.responseText) as typeof json;
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && json.data) {
        onProgress?.(1);
        resolve(json.data);
      } else {
        reject(new ApiError(xhr.status, json.message ?? '', json.errors ?? []));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error: please check your connection and try again'));
    xhr.ontimeout = () => reject(new ApiError(0, 'The upload took too long, please try again'));
    xhr.send(form);
  });
}
