/** A form with photos (returns, warranty claims): multipart fields + `photos` through the product image pipeline, or JSON without photos. */
import type { Request } from 'express';
import { badRequest } from '../lib/errors.js';
import { processProductImage, type ProcessedImage } from '../images/index.js';
import { jsonBody } from './json-body.js';
import { parseMultipart } from './multipart.js';

export interface PhotoForm {
  fields: unknown;
  /** The photos are decoded only when the service asks (after its own checks), one at a time. */
  photos: { count: number; load: () => Promise<ProcessedImage[]> };
}

export async function readPhotoForm(req: Request, limits: { maxPhotos: number; tooManyPhotos: string }): Promise<PhotoForm> {
  if (!/^multipart\/form-data/i.test(req.get('content-type') ?? '')) {
    return { fields: jsonBody(req), photos: { count: 0, load: async () => [] } };
  }
  const form = await parseMultipart(req, {
    fileFields: ['photos'],
    maxFields: 10,
    maxFiles: limits.maxPhotos,
    tooManyFiles: () => badRequest(limits.tooManyPhotos, [{ field: 'photos', message: limits.tooManyPhotos }]),
  });
  const uploads = form.files.map((f) => f.bytes);
  return {
    fields: form.fields,
    photos: {
      count: uploads.length,
      load: async () => {
        const out: ProcessedImage[] = [];
        for (const bytes of uploads) out.push(await processProductImage(bytes));
        return out;
      },
    },
  };
}
