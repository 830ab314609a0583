import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { resetServerConfig } from '../config.js';
import { emailChangedMail, orderMail, orderMailEventFor, queueMail, type OrderMailEvent } from './mail.js';

const order: DocumentData = {
  userId: 'u1',
  user: { _id: 'u1', fullname: { firstname: 'Asha', lastname: 'Rao' }, email: 'asha@example.in' },
  items: [
    { _id: 'p1', name: 'Cabin Trolley <Blue>', price: 5000, discount: 1000, quantity: 2 },
    { _id: 'p2', name: 'Daypack', price: 1500, discount: 0, quantity: 1 },
  ],
  totalAmount: 9500,
  paymentMethod: 'COD',
  payment: { status: 'unpaid' },
  status: 'pending',
};

afterEach(() => {
  delete process.env.APP_ORIGIN;
  resetServerConfig();
});

describe('orderMail', () => {
  it('has the Trigger Email shape: to as a string, message.subject/text/html', () => {
    const mail = orderMail('placed', 'abcdefXYZ123', order);
    expect(mail).toMatchObject({
      to: 'asha@example.in',
      message: { subject: 'We have your order #XYZ123', text: expect.any(String), html: expect.any(String) },
      kind: 'order_placed',
      uid: 'u1',
      orderId: 'abcdefXYZ123',
    });
  });

  it('lists the lines and the total in rupees (en-IN), and says how a COD order is paid', () => {
    const text = orderMail('placed', 'o1', order)?.message.text ?? '';
    expect(text).toContain('Hello Asha,');
    expect(text).toContain('Cabin Trolley <Blue> × 2  ₹8,000');
    expect(text).toContain('Daypack × 1  ₹1,500');
    expect(text).toContain('Total  ₹9,500');
    expect(text).toContain('You pay ₹9,500 in cash when it is delivered.');
  });

  it('escapes what the shop does not control in the HTML', () => {
    const html =
      orderMail('placed', 'o1', { ...order, user: { ...order.user, fullname: { firstname: '<img src=x onerror=alert(1)>' } } })?.message
        .html ?? '';
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Cabin Trolley &lt;Blue&gt;');
  });

  it('has a subject and its own sentence for each event', () => {
    const events: OrderMailEvent[] = ['placed', 'confirmed', 'shipped', 'cancelled', 'refunded'];
    const mails = events.map((e) => orderMail(e, 'order000001', order));
    expect(mails.map((m) => m?.message.subject)).toEqual([
      'We have your order #000001',
      'Order #000001 is confirmed',
      'Order #000001 is on its way',
      'Order #000001 was cancelled',
      'Refund for order #000001',
    ]);
    expect(new Set(mails.map((m) => m?.message.text)).size).toBe(5);
    expect(mails.map((m) => m?.kind)).toEqual(events.map((e) => `order_${e}`));
  });

  it('refunded: the amount refunded (the total unless given)', () => {
    const paid = { ...order, paymentMethod: 'ONLINE', payment: { status: 'refunded' } };
    expect(orderMail('refunded', 'o1', paid)?.message.text).toContain('We have refunded ₹9,500');
    expect(orderMail('refunded', 'o1', paid, { refundAmount: 1500 })?.message.text).toContain('We have refunded ₹1,500');
  });

  it('cancelled: a paid order is promised its refund, an unpaid one nothing was charged', () => {
    expect(orderMail('cancelled', 'o1', { ...order, payment: { status: 'paid' } })?.message.text).toContain('will be refunded');
    expect(orderMail('cancelled', 'o1', order)?.message.text).toContain('Nothing was charged');
  });

  it('links to the order when APP_ORIGIN is set, and not otherwise', () => {
    expect(orderMail('shipped', 'o1', order)?.message.text).not.toContain('http');
    process.env.APP_ORIGIN = 'https://shop.example.in/';
    resetServerConfig(); // settings are read once per instance (config.ts)
    const mail = orderMail('shipped', 'o1', order);
    expect(mail?.message.text).toContain('See your order: https://shop.example.in/orders/o1');
    expect(mail?.message.html).toContain('href="https://shop.example.in/orders/o1"');
  });

  it('no address on the order: no mail', () => {
    expect(orderMail('placed', 'o1', { ...order, user: {} })).toBeNull();
  });
});

describe('orderMailEventFor', () => {
  it('mails on every move after placing (docs/fulfilment.md), not on pending', () => {
    expect(
      ['pending', 'confirmed', 'shipped', 'out_for_delivery', 'delivery_failed', 'completed', 'returned_to_origin', 'cancelled'].map(
        orderMailEventFor,
      ),
    ).toEqual([null, 'confirmed', 'shipped', 'out_for_delivery', 'delivery_failed', 'completed', 'returned_to_origin', 'cancelled']);
  });
});

describe('emailChangedMail', () => {
  it('goes to the old address and names both', () => {
    const mail = emailChangedMail({
      uid: 'u1',
      oldEmail: 'old@example.in',
      newEmail: 'new@example.in',
      firstname: 'Asha',
      at: new Date('2026-11-22T15:00:00Z'),
    });
    expect(mail).toMatchObject({
      to: 'old@example.in',
      kind: 'email_changed',
      uid: 'u1',
      message: { subject: 'Your Bagshop email address was changed' },
    });
    expect(mail?.message.text).toContain('from old@example.in to new@example.in on 22 Nov 2026, 8:30 pm IST');
    expect(mail?.message.html).toContain('<p>Hello Asha,</p>');
  });
});

describe('queueMail', () => {
  it('writes the mail as one new document in the given transaction or batch, and nothing for null', () => {
    const writes: { path: string; data: DocumentData }[] = [];
    const writer = { set: (ref: DocumentReference, data: DocumentData) => writes.push({ path: ref.path, data }) };
    const mail = orderMail('placed', 'o1', order);
    queueMail(writer, mail);
    queueMail(writer, null);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.path).toMatch(/^mail\/[A-Za-z0-9]{20}$/);
    expect(writes[0]?.data).toEqual(mail);
  });
});
