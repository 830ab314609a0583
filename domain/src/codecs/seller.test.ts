import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../schemas/seller.js';
import { grievanceOfficerFromData, grievanceTicketFromData } from './grievance.js';
import { sellerSettingsFromData } from './seller.js';

describe('settings codecs', () => {
  it('reads the seller settings; null before the first save or without an Indian state', () => {
    expect(sellerSettingsFromData({ ...DEMO_SELLER, updatedAt: '2026-11-21T10:00:00.000Z' })).toEqual({
      ...DEMO_SELLER,
      // Never set: the seller's own (docs/legal-metrology.md).
      consumerCare: {
        name: 'Bagshop Retail LLP',
        address: 'Unit 12, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
        phone: '+91 22 4000 1234',
        email: 'support@bagshop.test',
      },
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
    const care = { name: 'Care desk', address: 'Pune', phone: '+91 20 1234 5678', email: 'care@bagshop.test' };
    expect(sellerSettingsFromData({ ...DEMO_SELLER, consumerCare: care })?.consumerCare).toEqual(care);
    expect(sellerSettingsFromData({ ...DEMO_SELLER })?.updatedAt).toBeNull();
    expect(sellerSettingsFromData(undefined)).toBeNull();
    expect(sellerSettingsFromData({ ...DEMO_SELLER, address: { ...DEMO_SELLER.address, state: 'Atlantis' } })).toBeNull();
    expect(() => sellerSettingsFromData({ ...DEMO_SELLER, gstin: 27 })).toThrow('settings/seller.gstin: expected text');
  });

  it('reads the grievance officer; null until a name and an email are saved', () => {
    const officer = { name: 'R. Iyer', designation: 'Grievance Officer', email: 'grievance@bagshop.test', phone: '022 1234' };
    expect(grievanceOfficerFromData({ ...officer, updatedBy: 'u1' })).toEqual(officer);
    expect(grievanceOfficerFromData({ name: 'R. Iyer' })).toBeNull();
    expect(grievanceOfficerFromData(undefined)).toBeNull();
    expect(() => grievanceOfficerFromData({ ...officer, phone: 22 })).toThrow('settings/grievance.phone: expected text');
  });

  it('reads a complaint ticket', () => {
    const at = '2026-11-21T10:00:00.000Z';
    const ticket = grievanceTicketFromData('GRV-2026-00001', {
      name: 'Asha',
      email: 'a@x.in',
      subject: 'Late',
      message: 'Where is it?',
      status: 'open',
      createdAt: at,
      acknowledgedAt: at,
      acknowledgeBy: at,
      resolveBy: at,
      resolvedAt: null,
      uid: null,
    });
    expect(ticket).toEqual({
      number: 'GRV-2026-00001',
      status: 'open',
      name: 'Asha',
      email: 'a@x.in',
      phone: '',
      orderId: '',
      subject: 'Late',
      message: 'Where is it?',
      createdAt: at,
      acknowledgedAt: at,
      acknowledgeBy: at,
      resolveBy: at,
      resolvedAt: null,
    });
    expect(() => grievanceTicketFromData('G', { status: 'closed' })).toThrow('grievances/G.status: expected one of open, resolved');
  });
});
