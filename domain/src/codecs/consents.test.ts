import { describe, expect, it } from 'vitest';
import { consentGranted, consentRecordFromData } from './consents.js';

describe('consentRecordFromData', () => {
  it('reads an old document (marketing: true + history) as marketing by email', () => {
    const r = consentRecordFromData('u1', {
      noticeVersion: '2026-11-26',
      noticeShownAt: '2026-11-27T10:00:00.000Z',
      marketing: true,
      marketingUpdatedAt: '2026-11-27T10:00:00.000Z',
      history: [{ marketing: true, at: '2026-11-27T10:00:00.000Z', source: 'signup' }],
    });
    expect(r.marketing).toBe(true);
    expect(consentGranted(r, 'marketing', 'email')).toBe(true);
    expect(consentGranted(r, 'marketing', 'whatsapp')).toBe(false);
    expect(consentGranted(r, 'alerts', 'email')).toBe(false);
    expect(r.choices.find((c) => c.purpose === 'marketing' && c.channel === 'email')).toMatchObject({
      source: 'signup',
      at: '2026-11-27T10:00:00.000Z',
    });
    expect(r.history).toEqual([
      {
        purpose: 'marketing',
        channel: 'email',
        granted: true,
        at: '2026-11-27T10:00:00.000Z',
        source: 'signup',
        noticeVersion: null,
        marketing: true,
      },
    ]);
  });

  it('reads the choices map per purpose and channel; a missing document grants nothing', () => {
    const r = consentRecordFromData('u2', {
      choices: { alerts_whatsapp: { granted: true, at: '2026-12-01T10:00:00.000Z', source: 'profile', noticeVersion: '2026-11-26' } },
      history: [
        {
          purpose: 'alerts',
          channel: 'whatsapp',
          granted: true,
          at: '2026-12-01T10:00:00.000Z',
          source: 'profile',
          noticeVersion: '2026-11-26',
        },
      ],
    });
    expect(consentGranted(r, 'alerts', 'whatsapp')).toBe(true);
    expect(r.marketing).toBe(false);
    expect(r.choices).toHaveLength(4);
    expect(consentRecordFromData('u3', undefined).choices.every((c) => !c.granted)).toBe(true);
  });

  it('throws on a bad shape', () => {
    expect(() => consentRecordFromData('u4', { choices: { marketing_email: { granted: 'yes' } } })).toThrow(/granted/);
  });
});
