/**
 * `consents/{uid}`: the privacy notice a shopper was shown and their choices per purpose and
 * channel (docs/accounts-privacy.md "Consent per channel and purpose", issue 42). Transactional
 * messages (orders, the account) need no choice and are never stored as one.
 *
 * Older documents kept only `marketing: boolean` and `history [{ marketing, at, source }]`: they
 * read as the choice "marketing by email" (the only channel there was).
 */
import { Fields } from './plain.js';

export const CONSENT_PURPOSES = ['marketing', 'alerts'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_CHANNELS = ['email', 'whatsapp'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
/** Where a choice was made. */
export const CONSENT_SOURCES = ['signup', 'profile', 'unsubscribe', 'whatsapp-stop', 'alert-signup', 'alert-confirm', 'admin'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export interface ConsentChoice {
  purpose: ConsentPurpose;
  channel: ConsentChannel;
  granted: boolean;
  /** ISO; null: never chosen (not granted). */
  at: string | null;
  source: string | null;
  noticeVersion: string | null;
}

export interface ConsentEvent {
  purpose: ConsentPurpose;
  channel: ConsentChannel;
  granted: boolean;
  at: string;
  source: string;
  noticeVersion: string | null;
  /** Kept for clients of the first version of the API: the marketing-by-email choice. */
  marketing?: boolean;
}

export interface ConsentRecord {
  noticeVersion: string | null;
  noticeShownAt: string | null;
  /** Marketing by email, as the first version of the API answered it. */
  marketing: boolean;
  marketingUpdatedAt: string | null;
  /** One per purpose × channel, in CONSENT_PURPOSES × CONSENT_CHANNELS order. */
  choices: ConsentChoice[];
  /** Every grant and withdrawal, oldest first. */
  history: ConsentEvent[];
}

/** The key of a choice in the stored `choices` map: 'marketing_email'. */
export const consentKey = (purpose: ConsentPurpose, channel: ConsentChannel) => `${purpose}_${channel}`;

function eventFrom(value: unknown, path: string): ConsentEvent {
  const e = Fields.of(value, path);
  // Old entries: { marketing, at, source } (marketing by email).
  const old = !e.has('purpose') && e.has('marketing');
  const purpose = old ? 'marketing' : e.oneOf('purpose', CONSENT_PURPOSES, 'marketing');
  const channel = old ? 'email' : e.oneOf('channel', CONSENT_CHANNELS, 'email');
  const granted = old ? e.boolean('marketing') : e.boolean('granted');
  return {
    purpose,
    channel,
    granted,
    at: e.date('at'),
    source: e.text('source'),
    noticeVersion: e.textOrNull('noticeVersion'),
    ...(purpose === 'marketing' && channel === 'email' ? { marketing: granted } : {}),
  };
}

/** Reads a stored consent record (plain data: dates as ISO strings); a missing document reads as nothing granted. */
export function consentRecordFromData(uid: string, data: unknown): ConsentRecord {
  const d = Fields.orEmpty(data, `consents/${uid}`);
  const history = d.list('history', eventFrom);
  const stored = d.object('choices');
  const choices: ConsentChoice[] = [];
  for (const purpose of CONSENT_PURPOSES) {
    for (const channel of CONSENT_CHANNELS) {
      const c = stored.objectOrNull(consentKey(purpose, channel));
      if (c) {
        choices.push({
          purpose,
          channel,
          granted: c.boolean('granted'),
          at: c.dateOrNull('at'),
          source: c.textOrNull('source'),
          noticeVersion: c.textOrNull('noticeVersion'),
        });
      } else if (purpose === 'marketing' && channel === 'email' && d.has('marketing')) {
        // The first version's document: `marketing` is marketing by email.
        const last = [...history].reverse().find((h) => h.purpose === 'marketing' && h.channel === 'email');
        choices.push({
          purpose,
          channel,
          granted: d.boolean('marketing'),
          at: d.dateOrNull('marketingUpdatedAt'),
          source: last?.source ?? null,
          noticeVersion: last?.noticeVersion ?? d.textOrNull('noticeVersion'),
        });
      } else {
        choices.push({ purpose, channel, granted: false, at: null, source: null, noticeVersion: null });
      }
    }
  }
  const marketingEmail = choices.find((c) => c.purpose === 'marketing' && c.channel === 'email');
  return {
    noticeVersion: d.textOrNull('noticeVersion'),
    noticeShownAt: d.dateOrNull('noticeShownAt'),
    marketing: marketingEmail?.granted ?? false,
    marketingUpdatedAt: marketingEmail?.at ?? null,
    choices,
    history,
  };
}

/** Whether the record grants `purpose` on `channel`. */
export function consentGranted(record: ConsentRecord, purpose: ConsentPurpose, channel: ConsentChannel): boolean {
  return record.choices.some((c) => c.purpose === purpose && c.channel === channel && c.granted);
}
