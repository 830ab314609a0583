import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildInvoice, invoiceBuyerOf, invoiceGoodsOf, placeOfSupplyOf, type InvoiceFacts } from './invoice-builder.js';
import { DEMO_SELLER } from './schemas/seller.js';

const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  fyStart: 2026,
  sequence: 42,
  issuedAt: new Date('2026-11-22T10:00:00Z'),
  seller: DEMO_SELLER,
  placeOfSupply: { state: 'Karnataka', stateCode: '29' },
  user: { fullname: { firstname: 'Rahul', lastname: 'Sharma' }, email: 'rahul@example.in' },
  shippingAddress: {
    street: '14, 2nd Cross, Indiranagar',
    landmark: 'Near CMH Road metro',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    country: 'India',
  },
  items: [{ name: 'Voyager Cabin Trolley', price: 4999, discount: 0, quantity: 1, hsn: '4202', gstRatePercent: 18 }],
  ...over,
});

describe('place of supply', () => {
  it('is the delivery state with its code, in any spelling case; abroad it is the country (96)', () => {
    expect(placeOfSupplyOf({ state: 'Karnataka', country: 'India' })).toEqual({ state: 'Karnataka', stateCode: '29' });
    expect(placeOfSupplyOf({ state: 'karnataka', country: '' })).toEqual({ state: 'Karnataka', stateCode: '29' });
    expect(placeOfSupplyOf({ state: 'Bavaria', country: 'Germany' })).toEqual({ state: 'Germany', stateCode: '96' });
    expect(placeOfSupplyOf({ state: 'Atlantis', country: 'India' })).toBeNull();
  });
});

describe('buildInvoice', () => {
  it('inter-state (Maharashtra seller, Karnataka buyer): IGST, the issue’s ₹4,999 example', () => {
    const invoice = buildInvoice(facts());
    expect(invoice).toMatchObject({
      number: 'BS/2627/0000042',
      issuedAt: '2026-11-22T10:00:00.000Z',
      financialYear: '2026-27',
      seller: { name: 'Bagshop Retail LLP', gstin: '27AAPFB1234C1ZU', state: 'Maharashtra', stateCode: '27' },
      placeOfSupply: { state: 'Karnataka', stateCode: '29' },
      intraState: false,
      totals: { grossPaise: 499_900, taxablePaise: 423_644, cgstPaise: 0, sgstPaise: 0, igstPaise: 76_256 },
    });
    expect(invoice.lines).toEqual([
      {
        name: 'Voyager Cabin Trolley',
        hsn: '4202',
        quantity: 1,
        ratePercent: 18,
        unitPricePaise: 499_900,
        discountPaise: 0,
        grossPaise: 499_900,
        taxablePaise: 423_644,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 76_256,
      },
    ]);
    expect(invoice.buyer).toEqual({
      name: 'Rahul Sharma',
      addressLines: ['14, 2nd Cross, Indiranagar', 'Landmark: Near CMH Road metro', 'Bengaluru, Karnataka 560038', 'India'],
    });
  });

  it('intra-state (delivery in Maharashtra): CGST + SGST of ₹381.28 each', () => {
    const invoice = buildInvoice(facts({ placeOfSupply: { state: 'Maharashtra', stateCode: '27' } }));
    expect(invoice.intraState).toBe(true);
    expect(invoice.totals).toEqual({ grossPaise: 499_900, taxablePaise: 423_644, cgstPaise: 38_128, sgstPaise: 38_128, igstPaise: 0 });
  });

  it('uses each line’s own HSN and rate, and the defaults (4202, 18 %) for lines stored without them', () => {
    const goods = invoiceGoodsOf([
      { name: 'Jute tote', price: 799, discount: 100, quantity: 3, hsn: '420222', gstRatePercent: 5 },
      { name: 'Old line', price: 1000, discount: 0, quantity: 1 },
      { name: 'Odd rate', price: 1000, discount: 0, quantity: 1, hsn: '', gstRatePercent: 7 },
    ]);
    expect(goods).toEqual([
      { name: 'Jute tote', hsn: '420222', quantity: 3, ratePercent: 5, unitPricePaise: 79_900, discountPaise: 30_000 },
      { name: 'Old line', hsn: '4202', quantity: 1, ratePercent: 18, unitPricePaise: 100_000, discountPaise: 0 },
      { name: 'Odd rate', hsn: '4202', quantity: 1, ratePercent: 18, unitPricePaise: 100_000, discountPaise: 0 },
    ]);
  });

  it('names the buyer by email when the profile has no name', () => {
    expect(invoiceBuyerOf({ email: 'x@example.in' }, { city: 'Pune', state: 'Maharashtra' })).toEqual({
      name: 'x@example.in',
      addressLines: ['Pune, Maharashtra'],
    });
  });
});

describe('buildCreditNote', () => {
  it('has its own series with the invoice’s prefix, refers to the invoice, and reverses its totals', () => {
    const invoice = buildInvoice(facts());
    const note = buildCreditNote(invoice, { fyStart: 2027, sequence: 3, issuedAt: new Date('2027-04-02T05:00:00Z') });
    expect(note).toEqual({
      number: 'BS/2728/C0000003',
      issuedAt: '2027-04-02T05:00:00.000Z',
      financialYear: '2027-28',
      invoiceNumber: 'BS/2627/0000042',
      reason: 'Order cancelled',
      totals: invoice.totals,
    });
  });
});

describe('drafts (numbered later by the single writer)', () => {
  it('an invoice or credit note without a sequence has an empty number and everything else', () => {
    const draft = buildInvoice({ ...facts(), sequence: null });
    expect(draft.number).toBe('');
    expect(draft.totals).toEqual(buildInvoice(facts()).totals);
    expect(buildCreditNote(draft, { fyStart: 2026, sequence: null, issuedAt: new Date('2026-12-01T05:00:00Z') }).number).toBe('');
  });
});

describe('the express delivery fee on the invoice (issue 40)', () => {
  const express = { pin: '560038', zone: 'metro', speed: 'express', fee: 149, days: { min: 1, max: 2 }, deliverBy: { from: 'a', to: 'b' } };

  it('is its own line at the goods’ rate: IGST between states, CGST + SGST within the state', () => {
    const inter = buildInvoice(facts({ delivery: express }));
    expect(inter.lines[1]).toMatchObject({
      name: 'Express delivery',
      hsn: '4202',
      ratePercent: 18,
      grossPaise: 14_900,
      taxablePaise: 12_627,
      igstPaise: 2_273,
    });
    expect(inter.totals.grossPaise).toBe(499_900 + 14_900);
    const intra = buildInvoice(
      facts({
        delivery: express,
        placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
        shippingAddress: { state: 'Maharashtra', country: 'India' },
      }),
    );
    expect(intra.lines[1]).toMatchObject({ grossPaise: 14_900, taxablePaise: 12_628, cgstPaise: 1_136, sgstPaise: 1_136, igstPaise: 0 });
    expect(intra.totals.taxablePaise + intra.totals.cgstPaise + intra.totals.sgstPaise).toBe(intra.totals.grossPaise);
  });

  it('a free delivery (₹0, or standard, or an order from before) has no line', () => {
    expect(buildInvoice(facts({ delivery: { ...express, fee: 0 } })).lines).toHaveLength(1);
    expect(buildInvoice(facts({ delivery: { ...express, speed: 'standard', fee: 0 } })).lines).toHaveLength(1);
    expect(buildInvoice(facts()).lines).toHaveLength(1);
  });
});
