import type { Product } from '@bagshop/domain';
import { ApiError } from '../../../lib/api-client';
import { getFirebaseAuth } from '../../../lib/firebase';

/** A product form as multipart fields; numbers travel as text (the schema reads them back). */
export interface ProductFields {
  name: string;
  description: string;
  price: number;
  discount: number;
  category: string;
  stock: number;
  /** Tax invoice fields (docs/gst-invoices.md). */
  hsn: string;
  gstRatePercent: number;
}

export interface SaveProductOptions {
  /** Edit this product (PATCH) instead of creating one. */
  id?: string;
  fields: ProductFields;
  image?: File | null;
  /** 0 → 1 while the body is sent. */
  onProgress?: (fraction: number) => void;
}

const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POST /api/products/createProducts or PATCH /api/products/{id} as multipart, through
 * XMLHttpRequest because fetch cannot report upload progress. Resolves with the saved
 * product; rejects with ApiError carrying the server's status and message.
 */
export async function saveProduct({ id, fields, image, onProgress }: SaveProductOptions): Promise<Product> {
  const user = getFirebaseAuth().currentUser;
  const token = user ? await user.getIdToken() : null;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (image) form.append('image', image, image.name);

  const path = id ? `/api/products/${encodeURIComponent(id)}` : '/api/products/createProducts';
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
