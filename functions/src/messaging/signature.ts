/**
 * Meta signs every webhook it sends with the app's secret: `X-Hub-Signature-256: sha256=<hex
 * HMAC-SHA256 of the raw body>` (docs/whatsapp.md). Checked on the bytes as they arrived, before
 * anything is parsed or recorded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function whatsappSignature(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** True when `header` is the signature of exactly these bytes with this secret. */
export function validWhatsAppSignature(rawBody: Buffer | undefined, header: string | undefined, appSecret: string): boolean {
  if (!rawBody || rawBody.length === 0 || !header || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = Buffer.from(whatsappSignature(rawBody, appSecret));
  const given = Buffer.from(header.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
