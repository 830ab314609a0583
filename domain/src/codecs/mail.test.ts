import { describe, expect, it } from 'vitest';
import { mailFromData } from './mail.js';

const stored = {
  to: 'asha@example.com',
  message: { subject: 'Order #abc123 placed', text: 'Hello', html: '<p>Hello</p>' },
  kind: 'order_placed',
  uid: 'u1',
  orderId: 'o1',
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe('mailFromData', () => {
  it('reads a queued message in the Trigger Email shape', () => {
    expect(mailFromData('m1', stored)).toEqual(stored);
    const { orderId: _orderId, ...account } = stored;
    expect(mailFromData('m2', { ...account, kind: 'email_changed' })).toEqual({ ...account, kind: 'email_changed' });
  });

  it('reads the flow when the mail has one', () => {
    expect(mailFromData('m3', { ...stored, flow: 'cod-confirm' })).toEqual({ ...stored, flow: 'cod-confirm' });
  });

  it('rejects bad shapes; the kind is required', () => {
    const { kind: _kind, ...noKind } = stored;
    expect(() => mailFromData('m', noKind)).toThrow('mail/m.kind: expected one of order_placed');
    expect(() => mailFromData('m', { ...stored, kind: 'spam' })).toThrow('mail/m.kind');
    expect(() => mailFromData('m', { ...stored, message: 'Hello' })).toThrow('mail/m.message: expected an object');
    expect(() => mailFromData('m', { ...stored, to: ['a@b.c'] })).toThrow('mail/m.to: expected text');
  });
});
