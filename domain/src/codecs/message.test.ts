import { describe, expect, it } from 'vitest';
import { inboundMessageFromData, messageFromData, messageOutcomeFromData } from './message.js';

const stored = {
  channel: 'whatsapp',
  flow: 'shipped',
  orderId: 'o1',
  uid: 'u1',
  template: 'bagshop_order_shipped',
  language: 'en',
  parameters: ['Asha', 'abc123', 'Test Courier, AWB 123', 'https://shop.example/orders/o1'],
  to: '+919876543210',
  status: 'delivered',
  providerMessageId: 'wamid.ABC',
  error: null,
  statusAt: { queued: '2026-12-01T10:00:00.000Z', sent: '2026-12-01T10:00:01.000Z', delivered: '2026-12-01T10:00:02.000Z' },
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:02.000Z',
};

describe('messageFromData', () => {
  it('reads a message log entry', () => {
    expect(messageFromData('wa_o1_shipped', stored)).toEqual({ id: 'wa_o1_shipped', ...stored });
  });

  it('defaults what older entries lack; the status is required and must be known', () => {
    const { statusAt: _s, updatedAt: _u, providerMessageId: _p, ...bare } = stored;
    expect(messageFromData('m', bare)).toMatchObject({ statusAt: {}, updatedAt: stored.createdAt, providerMessageId: null });
    expect(() => messageFromData('m', { ...stored, status: 'lost' })).toThrow('messages/m.status');
    const { status: _st, ...noStatus } = stored;
    expect(() => messageFromData('m', noStatus)).toThrow('messages/m.status');
  });
});

describe('messageOutcomeFromData', () => {
  it('reads what the trigger decided for a mail', () => {
    const d = {
      outcome: 'no_verified_phone',
      flow: 'order-placed',
      orderId: 'o1',
      messageId: 'wa_o1_order-placed',
      at: '2026-12-01T10:00:00.000Z',
    };
    expect(messageOutcomeFromData('m1', d)).toEqual({ mailId: 'm1', ...d });
    expect(() => messageOutcomeFromData('m1', { ...d, outcome: 'maybe' })).toThrow('messageOutcomes/m1.outcome');
  });
});

describe('inboundMessageFromData', () => {
  it('reads a handled inbound message; a fresh one has no action yet', () => {
    const d = {
      wamid: 'wamid.IN1',
      from: '+919876543210',
      type: 'text',
      status: 'handled',
      action: 'marketing_withdrawn',
      uid: 'u1',
      detail: null,
      createdAt: '2026-12-01T10:00:00.000Z',
      handledAt: '2026-12-01T10:00:01.000Z',
    };
    expect(inboundMessageFromData('wamid_IN1', d)).toEqual({ id: 'wamid_IN1', ...d });
    const { action: _a, uid: _u, detail: _d, handledAt: _h, ...fresh } = d;
    expect(inboundMessageFromData('x', { ...fresh, status: 'received' })).toMatchObject({
      status: 'received',
      action: null,
      handledAt: null,
    });
  });
});
