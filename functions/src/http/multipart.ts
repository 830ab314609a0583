import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError, badRequest } from '../lib/errors.js';
import { IMAGE_MAX_BYTES, IMAGE_SIZE_MESSAGE } from '@bagshop/domain';

export interface MultipartForm {
  /** Text fields by name (the first value of each). */
  fields: Record<string, string>;
  /** The first uploaded file, if any, with its field name. */
  file: { field: string; bytes: Buffer } | null;
  /** Every uploaded file, in the order they were sent. */
  files: { field: string; bytes: Buffer }[];
}

export interface MultipartLimits {
  /** Field names that may carry a file. */
  fileFields: readonly string[];
  /** Most text fields accepted. */
  maxFields: number;
  /** Longest text field, in bytes. */
  maxFieldBytes: number;
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** Most files accepted, and the error for one more. */
  maxFiles: number;
  tooManyFiles: () => HttpError;
}

const DEFAULT_LIMITS: MultipartLimits = {
  fileFields: ['image'],
  maxFields: 12,
  // A 5000-character description may take up to 4 bytes a character in UTF-8.
  maxFieldBytes: 24_000,
  maxFileBytes: IMAGE_MAX_BYTES,
  maxFiles: 1,
  tooManyFiles: () => new HttpError(413, 'Only one image may be uploaded'),
};

const tooLarge = (message: string) => new HttpError(413, message);
export const NOT_MULTIPART = 'Send the product as multipart/form-data';

/** The raw request bytes: the Functions framework keeps them in `rawBody`. */
function rawBody(req: Request): Buffer | Readable {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  return Buffer.isBuffer(raw) ? raw : req;
}

/**
 * Parses a multipart/form-data body with busboy. Answers 415 for any other content type,
 * 413 when there are too many fields or files or one is too large, 400 when the body is
 * not well-formed multipart.
 */
export function parseMultipart(req: Request, overrides: Partial<MultipartLimits> = {}): Promise<MultipartForm> {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  const type = req.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type) || !/boundary=/i.test(type)) {
    return Promise.reject(new HttpError(415, NOT_MULTIPART));
  }
  const declared = Number(req.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limits.maxFiles * limits.maxFileBytes + limits.maxFields * limits.maxFieldBytes + 64_000) {
    return Promise.reject(tooLarge('Request body is too large'));
  }

  return new Promise<MultipartForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          fieldNameSize: 100,
          files: limits.maxFiles,
          // One byte more than allowed, so an over-limit file is detected, not silently cut.
          fileSize: limits.maxFileBytes + 1,
          parts: limits.maxFields + limits.maxFiles,
          headerPairs: 20,
        },
        defParamCharset: 'utf8',
      });
    } catch {
      reject(badRequest('The multipart body could not be read'));
      return;
    }

    const fields: Record<string, string> = {};
    const files: MultipartForm['files'] = [];
    let failure: HttpError | null = null;
    const fail = (error: HttpError) => {
      failure ??= error;
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(tooLarge(`The field '${name.slice(0, 40)}' is too long`));
      if (info.nameTruncated) fail(tooLarge('A field name is too long'));
      if (Object.hasOwn(fields, name)) {
        fail(badRequest(`The field '${name.slice(0, 40)}' was sent more than once`));
        return;
      }
      fields[name] = value;
    });

    parser.on('file', (name, stream) => {
      if (!limits.fileFields.includes(name)) {
        fail(badRequest(`Unexpected file field '${name.slice(0, 40)}'`));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      // Keeps the order the files were sent in, whatever order their streams end in.
      const slot = files.length;
      files.push({ field: name, bytes: Buffer.alloc(0) });
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limits.maxFileBytes + 1) chunks.push(chunk);
      });
      stream.on('limit', () => fail(tooLarge(IMAGE_SIZE_MESSAGE)));
      stream.on('end', () => {
        if (size > limits.maxFileBytes) {
          fail(tooLarge(IMAGE_SIZE_MESSAGE));
          return;
        }
        files[slot] = { field: name, bytes: Buffer.concat(chunks) };
      });
    });

    parser.on('partsLimit', () => fail(tooLarge('Too many form fields')));
    parser.on('fieldsLimit', () => fail(tooLarge('Too many form fields')));
    parser.on('filesLimit', () => fail(limits.tooManyFiles()));
    parser.on('error', () => reject(failure ?? badRequest('The multipart body could not be read')));
    parser.on('close', () => {
      if (failure) reject(failure);
      else resolve({ fields, file: files[0] ?? null, files });
    });

    const body = rawBody(req);
    if (Buffer.isBuffer(body)) parser.end(body);
    else body.pipe(parser);
  });
}
