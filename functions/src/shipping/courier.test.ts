import { describe, expect, it } from 'vitest';
import { parseCourierTime, parseShiprocketWebhook } from './courier.js';
import { renderLabelPdf } from '../fulfilment/label-pdf.js';

describe('Shiprocket tracking webhook', () => {
  const body = {
    awb: 'BST1234567890',
    courier_name: 'Delhivery',
    current_status: 'UNDELIVERED',
    current_status_id: 21,
    shipment_status: 'UNDELIVERED',
    shipment_status_id: 21,
    current_timestamp: '2026-11-26 14:05:09',
    scans: [{ date: '2026-11-26 14:05:09', activity: 'Customer not available', location: 'Pune DC' }],
  };

  it('maps status ids to the shop’s events, with time, place and reason', () => {
    expect(parseShiprocketWebhook(body)).toEqual({
      awb: 'BST1234567890',
      status: 'failed_attempt',
      at: Date.parse('2026-11-26T14:05:09+05:30'),
      location: 'Pune DC',
      note: 'Customer not available',
      sourceKey: '21@2026-11-26 14:05:09',
    });
    const ids: [number, string][] = [
      [42, 'picked_up'],
      [18, 'in_transit'],
      [6, 'in_transit'],
      [17, 'out_for_delivery'],
      [7, 'delivered'],
      [9, 'rto_initiated'],
      [10, 'rto_delivered'],
    ];
    for (const [id, status] of ids) {
      expect(parseShiprocketWebhook({ ...body, shipment_status_id: id, current_status_id: id })?.status).toBe(status);
    }
  });

  it('falls back to the status name, and ignores what it cannot use', () => {
    expect(
      parseShiprocketWebhook({ ...body, shipment_status_id: undefined, current_status_id: undefined, current_status: 'Delivered' })?.status,
    ).toBe('delivered');
    expect(parseShiprocketWebhook({ ...body, shipment_status_id: 99, current_status_id: 99, current_status: 'LOST' })).toBeNull();
    expect(parseShiprocketWebhook({ ...body, awb: '' })).toBeNull();
    expect(parseShiprocketWebhook('x')).toBeNull();
  });

  it('reads Shiprocket’s time formats as India time', () => {
    expect(parseCourierTime('26 11 2026 14:05:09')).toBe(Date.parse('2026-11-26T14:05:09+05:30'));
    expect(parseCourierTime('2026-11-26T08:35:09Z')).toBe(Date.parse('2026-11-26T08:35:09Z'));
    expect(parseCourierTime('yesterday')).toBeNull();
  });
});

describe('shipping label', () => {
  it('is one 4×6 inch page with a barcode image', async () => {
    const pdf = await renderLabelPdf({
      orderId: 'abcdefghij123456',
      courier: 'Bagshop Test Courier',
      awb: 'BST1234567890',
      cod: true,
      totalAmount: 3998,
      weightGrams: 1600,
      dimensionsCm: { length: 45, breadth: 35, height: 24 },
      to: { name: 'Rahul Sharma', phone: '9876543210', lines: ['12 MG Road', 'Pune, Maharashtra 411001', 'India'] },
      from: { name: 'Bagshop Retail LLP', lines: ['Unit 12, Kamala Mills Compound', 'Mumbai, Maharashtra 400013'] },
      items: [{ name: 'Trail backpack', quantity: 2 }],
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 288 432]');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(text).toContain('/Subtype /Image');
  });
});
