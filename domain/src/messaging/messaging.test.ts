import { describe, expect, it } from 'vitest';
import { mailFlowOf, maskPhone, orderMessageId, whatsappFlowForOrderMail } from './flows.js';
import { nextMessageStatus } from './status.js';
import { flowLabel } from './summary.js';
import { renderTemplate, templateByName, templateParameterProblem, WHATSAPP_TEMPLATES } from './whatsapp-templates.js';

describe('flows', () => {
  it('names the flow of every mail kind', () => {
    expect(mailFlowOf('order_placed')).toBe('order-placed');
    expect(mailFlowOf('order_completed')).toBe('delivered');
    expect(mailFlowOf('order_refunded')).toBe('refund');
    expect(mailFlowOf('verify_new_email')).toBe('verify-email');
    expect(mailFlowOf('return_approved')).toBe('return');
    expect(mailFlowOf('warranty_submitted')).toBe('warranty');
    expect(mailFlowOf('back_in_stock')).toBe('back-in-stock');
  });

  it('maps order mails to the WhatsApp order updates, a waiting COD order to cod-confirm', () => {
    expect(whatsappFlowForOrderMail('order_placed', false)).toBe('order-placed');
    expect(whatsappFlowForOrderMail('order_placed', true)).toBe('cod-confirm');
    expect(whatsappFlowForOrderMail('order_out_for_delivery', false)).toBe('out-for-delivery');
    expect(whatsappFlowForOrderMail('order_confirmed', false)).toBeNull();
    expect(whatsappFlowForOrderMail('verify_email', false)).toBeNull();
    expect(orderMessageId('o1', 'shipped')).toBe('wa_o1_shipped');
  });

  it('labels flows for people', () => {
    expect(flowLabel('out-for-delivery')).toBe('Out for delivery');
    expect(flowLabel('cod-confirm')).toBe('COD confirm');
  });

  it('masks phone numbers', () => {
    expect(maskPhone('+919876543210')).toBe('+91 98•••••210');
    expect(maskPhone('9876543210')).toBe('98•••••210');
  });
});

describe('templates', () => {
  it('renders a body with its parameters', () => {
    const text = renderTemplate(WHATSAPP_TEMPLATES.shipped, ['Asha', 'abc123', 'Test Courier, AWB 77', 'https://shop.example/t/77']);
    expect(text).toBe('Hello Asha, your order #abc123 is on its way with Test Courier, AWB 77. Track it here: https://shop.example/t/77');
  });

  it('refuses what WhatsApp refuses: wrong count, empty, newlines', () => {
    const t = WHATSAPP_TEMPLATES.delivered;
    expect(() => renderTemplate(t, ['Asha'])).toThrow('takes 2 parameters, got 1');
    expect(templateParameterProblem(t, ['Asha', ' '])).toContain('is empty');
    expect(templateParameterProblem(t, ['Asha\nX', 'a'])).toContain('newline');
    expect(templateParameterProblem(t, ['Asha', 'abc'])).toBeNull();
  });

  it('every template has as many {{n}} as parameters, unique names', () => {
    const all = Object.values(WHATSAPP_TEMPLATES);
    expect(new Set(all.map((t) => t.name)).size).toBe(all.length);
    for (const t of all) expect(t.body.match(/\{\{\d+\}\}/g)?.length).toBe(t.parameters.length);
    expect(templateByName('bagshop_cod_confirm')?.quickReply?.text).toBe('Confirm order');
    expect(templateByName('nope')).toBeNull();
  });
});

describe('nextMessageStatus', () => {
  it('moves forward only; failed only before delivery', () => {
    expect(nextMessageStatus('queued', 'sent')).toBe('sent');
    expect(nextMessageStatus('sent', 'read')).toBe('read');
    expect(nextMessageStatus('read', 'delivered')).toBe('read');
    expect(nextMessageStatus('delivered', 'sent')).toBe('delivered');
    expect(nextMessageStatus('sent', 'failed')).toBe('failed');
    expect(nextMessageStatus('delivered', 'failed')).toBe('delivered');
    expect(nextMessageStatus('failed', 'sent')).toBe('failed');
  });
});
