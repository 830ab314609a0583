/**
 * The rules every non-transactional message follows (docs/comeback.md, issue 42): consent for
 * its purpose and channel, quiet hours 21:00–09:00 IST (the message waits for 09:00), and at
 * most one capped message per shopper in 24 hours. Pure: the caller passes the clock.
 */
import type { ConsentChannel, ConsentPurpose } from './codecs/consents.js';

/** The flows that send messages a shopper did not ask for just now (the Messages view counts them by `flow`). */
export const MESSAGE_FLOWS = ['back-in-stock', 'price-drop', 'abandoned-checkout'] as const;
export type MessageFlow = (typeof MESSAGE_FLOWS)[number];

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const HOUR_MS = 3_600_000;
export const QUIET_START_HOUR_IST = 21;
export const QUIET_END_HOUR_IST = 9;
/** The cap's window: one capped message per shopper in this long. */
export const DAILY_CAP_MS = 24 * HOUR_MS;
/** A price-drop message for the same wishlist item at most once in this long. */
export const PRICE_DROP_INTERVAL_MS = 7 * 24 * HOUR_MS;
/** The sale price must fall at least this far below the price saved with the wishlist item. */
export const PRICE_DROP_PERCENT = 10;

/** The consent purpose a flow needs. */
export function purposeOfFlow(flow: MessageFlow): ConsentPurpose {
  return flow === 'abandoned-checkout' ? 'marketing' : 'alerts';
}

/**
 * Whether the one-a-day cap counts and limits the flow: reminders and price drops are the shop's
 * idea; a back-in-stock alert is the one mail the shopper asked for, so it is neither held back
 * by the cap nor counted in it (decision 0042).
 */
export function capApplies(flow: MessageFlow): boolean {
  return flow !== 'back-in-stock';
}

/** The hour (0–23) in India at `at`. */
export function istHour(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCHours();
}

/** 21:00 to 08:59 IST. */
export function inQuietHours(at: Date): boolean {
  const hour = istHour(at);
  return hour >= QUIET_START_HOUR_IST || hour < QUIET_END_HOUR_IST;
}

/** `at` when it is outside quiet hours, else the next 09:00 IST. */
export function nextAllowedSendTime(at: Date): Date {
  if (!inQuietHours(at)) return at;
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const nine = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), QUIET_END_HOUR_IST) - IST_OFFSET_MS;
  return new Date(istHour(at) >= QUIET_START_HOUR_IST ? nine + 24 * HOUR_MS : nine);
}

export interface SendCheck {
  flow: MessageFlow;
  /** The clock. */
  at: Date;
  /** The shopper's consent for the flow's purpose on this channel (a visitor's confirmed double opt-in counts). */
  consented: boolean;
  /** When the shopper was last sent a capped message (any flow, any channel), or null. */
  lastCappedAt: Date | null;
}

export type SendDecision = { action: 'send' } | { action: 'wait'; until: Date } | { action: 'drop'; reason: 'no-consent' };

/** Send now, wait (quiet hours, the daily cap) or drop (no consent). */
export function decideSend(check: SendCheck): SendDecision {
  if (!check.consented) return { action: 'drop', reason: 'no-consent' };
  let earliest = check.at;
  if (capApplies(check.flow) && check.lastCappedAt && check.at.getTime() - check.lastCappedAt.getTime() < DAILY_CAP_MS)
    earliest = new Date(check.lastCappedAt.getTime() + DAILY_CAP_MS);
  const allowed = nextAllowedSendTime(earliest);
  return allowed.getTime() <= check.at.getTime() ? { action: 'send' } : { action: 'wait', until: allowed };
}

/** Whether `nowPaise` is at least PRICE_DROP_PERCENT below `savedPaise` (integers: 10 % exactly counts). */
export function isPriceDrop(savedPaise: number, nowPaise: number): boolean {
  return savedPaise > 0 && nowPaise * 100 <= savedPaise * (100 - PRICE_DROP_PERCENT);
}

/** Whether a price-drop message for an item may go again (none yet, or the last one a week ago or more). */
export function priceDropAllowed(lastSentAt: Date | null, at: Date): boolean {
  return !lastSentAt || at.getTime() - lastSentAt.getTime() >= PRICE_DROP_INTERVAL_MS;
}

export type { ConsentChannel, ConsentPurpose };
