/**
 * Signed links in messages (docs/comeback.md "Unsubscribe"): the one-click unsubscribe
 * (`/unsubscribe?token=…`) and a visitor's alert confirmation. A token names its kind, its
 * subject (a shopper's uid, or `alert:<id>` for a visitor's alert), a purpose and a channel,
 * and carries HMAC-SHA256 of all four under MESSAGE_LINK_SECRET: nobody can make one for
 * another shopper, and an unsubscribe token cannot confirm anything.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONSENT_CHANNELS, CONSENT_PURPOSES, type ConsentChannel, type ConsentPurpose } from '@bagshop/domain';
import { serverConfig } from '../config.js';
import { badRequest, HttpError } from '../lib/errors.js';

export type LinkKind = 'unsubscribe' | 'confirm';
export interface MessageLink {
  kind: LinkKind;
  subject: string;
  purpose: ConsentPurpose;
  channel: ConsentChannel;
}

export const BAD_LINK_MESSAGE =
  'This link is not valid: it may have been cut short or changed. Use the link in the latest message, or change your choices in your profile';

const KIND_CODE: Record<LinkKind, string> = { unsubscribe: 'u', confirm: 'c' };

const mac = (secret: string, link: MessageLink) =>
  createHmac('sha256', secret).update(`${link.kind}|${link.subject}|${link.purpose}|${link.channel}`).digest('base64url');

/** The token of `link` under `secret` (pure: tests sign with the emulators' key). */
export function signLinkWith(secret: string, link: MessageLink): string {
  return [KIND_CODE[link.kind], Buffer.from(link.subject).toString('base64url'), link.purpose, link.channel, mac(secret, link)].join('.');
}

function secret(): string {
  const key = serverConfig().messageLinkSecret;
  if (!key) throw new HttpError(503, 'Message links are not set up (MESSAGE_LINK_SECRET)');
  return key;
}

/** Whether links can be signed (MESSAGE_LINK_SECRET is set): marketing and alert mails need one. */
export function messageLinksAvailable(): boolean {
  return Boolean(serverConfig().messageLinkSecret);
}

export function signMessageLink(link: MessageLink): string {
  return signLinkWith(secret(), link);
}

/** The link a token names, when its signature holds and its kind is `kind`; 400 otherwise. */
export function readMessageLink(token: string, kind: LinkKind): MessageLink {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== KIND_CODE[kind]) throw badRequest(BAD_LINK_MESSAGE);
  const [, subject64 = '', purpose, channel, sig = ''] = parts;
  if (!(CONSENT_PURPOSES as readonly string[]).includes(purpose ?? '') || !(CONSENT_CHANNELS as readonly string[]).includes(channel ?? ''))
    throw badRequest(BAD_LINK_MESSAGE);
  const link: MessageLink = {
    kind,
    subject: Buffer.from(subject64, 'base64url').toString('utf8'),
    purpose: purpose as ConsentPurpose,
    channel: channel as ConsentChannel,
  };
  const expected = Buffer.from(mac(secret(), link));
  const given = Buffer.from(sig);
  if (!link.subject || expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest(BAD_LINK_MESSAGE);
  return link;
}
