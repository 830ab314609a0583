import { renderTemplate, WHATSAPP_TEMPLATES } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { acceptTemplate } from '../../../scripts/whatsapp-local/server.ts';
import { orderUpdateParameters } from './order-updates.js';
import { templateRequestBody } from './whatsapp.js';

const order = {
  userId: 'u1',
  user: { fullname: { firstname: 'Asha' } },
  totalAmount: 2499,
  paymentMethod: 'COD',
  cod: { confirmBy: Timestamp.fromDate(new Date('2026-12-01T14:30:00.000Z')) },
  shipments: [{ courier: 'Bagshop Test Courier', awb: 'BS123456', trackingUrl: 'https://track.example/BS123456' }],
  payment: { refund: { amountPaise: 120000 } },
};

describe('the Cloud API request', () => {
  it('is a template message with body parameters, the quick-reply payload and our callback data', () => {
    const body = templateRequestBody({
      to: '+919876543210',
      template: WHATSAPP_TEMPLATES['cod-confirm'],
      parameters: ['Asha', 'abc123', '₹2,499', '1 Dec 2026, 8:00 pm IST'],
      buttonPayload: 'cod-confirm:o1:tok',
      callbackData: 'wa_o1_cod-confirm',
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'bagshop_cod_confirm',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: ['Asha', 'abc123', '₹2,499', '1 Dec 2026, 8:00 pm IST'].map((text) => ({ type: 'text', text })),
          },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'cod-confirm:o1:tok' }] },
        ],
      },
      biz_opaque_callback_data: 'wa_o1_cod-confirm',
    });
    // The local stand-in takes it as the Cloud API would, and draws the same text.
    const accepted = acceptTemplate(body);
    expect(accepted.text).toBe(renderTemplate(WHATSAPP_TEMPLATES['cod-confirm'], accepted.parameters));
    expect(accepted.button).toEqual({ text: 'Confirm order', payload: 'cod-confirm:o1:tok' });
  });

  it('refuses parameters WhatsApp would refuse, before any call', () => {
    expect(() => templateRequestBody({ to: '+91', template: WHATSAPP_TEMPLATES.delivered, parameters: ['Asha'] })).toThrow(
      'takes 2 parameters',
    );
  });

  it('the stand-in refuses a wrong template, language or parameter count', () => {
    const good = templateRequestBody({ to: '+919876543210', template: WHATSAPP_TEMPLATES.delivered, parameters: ['Asha', 'abc123'] });
    expect(() => acceptTemplate({ ...good, template: { name: 'nope', language: { code: 'en' } } })).toThrow('does not exist');
    expect(() => acceptTemplate({ ...good, template: { name: 'bagshop_order_delivered', language: { code: 'hi' } } })).toThrow(
      'does not exist in hi',
    );
    expect(() => acceptTemplate({ ...good, messaging_product: 'sms' })).toThrow('messaging_product');
    expect(() =>
      acceptTemplate({
        ...good,
        template: { name: 'bagshop_order_delivered', language: { code: 'en' }, components: [{ type: 'body', parameters: [] }] },
      }),
    ).toThrow('#132000');
  });
});

describe('order update parameters', () => {
  it('fills each template from the order', () => {
    const site = 'https://shop.example';
    expect(orderUpdateParameters('order-placed', 'ORDER12abc123', order, site)).toEqual([
      'Asha',
      'abc123',
      '₹2,499',
      'https://shop.example/orders/ORDER12abc123',
    ]);
    expect(orderUpdateParameters('cod-confirm', 'ORDER12abc123', order, site)[3]).toBe('1 Dec 2026, 8:00 pm IST');
    expect(orderUpdateParameters('shipped', 'ORDER12abc123', order, site)).toEqual([
      'Asha',
      'abc123',
      'Bagshop Test Courier, AWB BS123456',
      'https://track.example/BS123456',
    ]);
    expect(orderUpdateParameters('out-for-delivery', 'ORDER12abc123', order, site)[2]).toBe('₹2,499 in cash');
    expect(orderUpdateParameters('out-for-delivery', 'o', { ...order, paymentMethod: 'ONLINE' }, site)[2]).toBe('nothing, it is paid');
    expect(orderUpdateParameters('refund', 'ORDER12abc123', order, site)).toEqual(['Asha', '₹1,200', 'abc123']);
    // Every flow's parameters render in its template.
    for (const flow of ['order-placed', 'cod-confirm', 'shipped', 'out-for-delivery', 'delivered', 'refund'] as const)
      expect(() => renderTemplate(WHATSAPP_TEMPLATES[flow], orderUpdateParameters(flow, 'o1', {}, null))).not.toThrow();
  });
});
