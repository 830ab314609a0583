/**
 * The documents of issue 42's "bring shoppers back" (docs/comeback.md):
 * `wishlistItems/{uid}_{productId}_{variantId}` and `alerts/{id}` (back in stock).
 */
import { CONSENT_CHANNELS, type ConsentChannel } from './consents.js';
import { Fields } from './plain.js';

/** At most this many saved items per shopper. */
export const MAX_WISHLIST_ITEMS = 100;
export const WISHLIST_FULL_MESSAGE = `Your wishlist is full: it keeps at most ${MAX_WISHLIST_ITEMS} bags. Remove one to save another`;

export interface WishlistItemRecord {
  uid: string;
  productId: string;
  variantId: string;
  /** The variant's sale price when it was saved, in paise. */
  savedPricePaise: number;
  /** ISO */
  savedAt: string;
  /** The last price-drop message for this item, or null. */
  lastPriceDropAt: string | null;
}

export function wishlistItemFromData(id: string, data: unknown): WishlistItemRecord {
  const d = Fields.of(data, `wishlistItems/${id}`);
  return {
    uid: d.text('uid'),
    productId: d.text('productId'),
    variantId: d.text('variantId'),
    savedPricePaise: d.number('savedPricePaise'),
    savedAt: d.date('savedAt'),
    lastPriceDropAt: d.dateOrNull('lastPriceDropAt'),
  };
}

/** `pending`: a visitor's alert waiting for the confirm link; `active`: waiting for stock; `ended`: sent or removed. */
export const ALERT_STATUSES = ['pending', 'active', 'ended'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export interface AlertRecord {
  _id: string;
  kind: 'back-in-stock';
  /** The signed-in shopper's, or null for a visitor's alert (by email). */
  uid: string | null;
  email: string;
  channel: ConsentChannel;
  productId: string;
  variantId: string;
  productName: string;
  variantLabel: string;
  status: AlertStatus;
  createdAt: string;
  /** A visitor's double opt-in: when the confirm link was used (their consent), else null. */
  confirmedAt: string | null;
  /** Why it ended: 'sent', 'removed', 'no-consent'. */
  endedReason: string | null;
  endedAt: string | null;
  /** Set when it is back in stock but the mail waits (quiet hours): when it goes. */
  sendAt: string | null;
}

export function alertFromData(id: string, data: unknown): AlertRecord {
  const d = Fields.of(data, `alerts/${id}`);
  return {
    _id: id,
    kind: 'back-in-stock',
    uid: d.textOrNull('uid'),
    email: d.text('email'),
    channel: d.oneOf('channel', CONSENT_CHANNELS, 'email'),
    productId: d.text('productId'),
    variantId: d.text('variantId'),
    productName: d.text('productName'),
    variantLabel: d.text('variantLabel'),
    status: d.oneOf('status', ALERT_STATUSES, 'active'),
    createdAt: d.date('createdAt'),
    confirmedAt: d.dateOrNull('confirmedAt'),
    endedReason: d.textOrNull('endedReason'),
    endedAt: d.dateOrNull('endedAt'),
    sendAt: d.dateOrNull('sendAt'),
  };
}
