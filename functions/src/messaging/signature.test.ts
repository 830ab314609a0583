import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validWhatsAppSignature, whatsappSignature } from './signature.js';

const secret = 'app-secret';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

describe('X-Hub-Signature-256', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the app secret', () => {
    const hex = createHmac('sha256', secret).update(body).digest('hex');
    expect(whatsappSignature(body, secret)).toBe(`sha256=${hex}`);
    expect(validWhatsAppSignature(body, `sha256=${hex}`, secret)).toBe(true);
    expect(validWhatsAppSignature(body, `sha256=${hex.toUpperCase()}`, secret)).toBe(true);
  });

  it('refuses a missing, malformed or wrong signature, another secret, or changed bytes', () => {
    const good = whatsappSignature(body, secret);
    expect(validWhatsAppSignature(body, undefined, secret)).toBe(false);
    expect(validWhatsAppSignature(body, 'sha1=abc', secret)).toBe(false);
    expect(validWhatsAppSignature(body, good.slice(0, -1), secret)).toBe(false);
    expect(validWhatsAppSignature(body, whatsappSignature(body, 'other'), secret)).toBe(false);
    expect(validWhatsAppSignature(Buffer.from(`${body.toString()} `), good, secret)).toBe(false);
    expect(validWhatsAppSignature(undefined, good, secret)).toBe(false);
  });
});
