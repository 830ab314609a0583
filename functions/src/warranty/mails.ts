/** The shopper's mail at each step of a warranty claim (docs/warranty.md). */
import { WARRANTY_MAIL_SUBJECTS, shortOrderId, type WarrantyClaimStatus } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { greeting, render, siteUrl, type MailDoc } from '../mail/index.js';

const PARAGRAPHS: Record<WarrantyClaimStatus, (c: ClaimMailFacts) => string> = {
  submitted: (c) => `We have your warranty claim ${c.number} for ${c.name} (order ${c.orderRef}). We will look at it within a working day.`,
  approved: (c) => `Your warranty claim ${c.number} is approved. We will book a pickup from your address, at our cost.`,
  pickup_scheduled: (c) => `A pickup for ${c.number} is booked${c.awb ? ` (AWB ${c.awb})` : ''}. Keep the bag ready; no need for its box.`,
  received: (c) => `${c.name} reached us for ${c.number}. We are looking at it now.`,
  repaired: (c) => `${c.name} is repaired and on its way back to you${c.awb ? ` (AWB ${c.awb})` : ''}, free.`,
  replaced: (c) => `We are sending you a new ${c.name}${c.awb ? ` (AWB ${c.awb})` : ''}, free of charge.`,
  closed: (c) => `Your warranty claim ${c.number} is closed. Your bag stays under warranty for the rest of its term.`,
  rejected: (c) => `We could not accept warranty claim ${c.number}: ${c.note || 'see Warranty claims for details'}.`,
};

export interface ClaimMailFacts {
  number: string;
  orderId: string;
  orderRef: string;
  name: string;
  awb: string;
  note: string;
}

export function claimMail(
  step: WarrantyClaimStatus,
  claim: { number: string; orderId: string; name: string; userId: string },
  to: string,
  firstname: unknown,
  extra: { awb?: string; note?: string } = {},
): MailDoc | null {
  if (!to) return null;
  const facts: ClaimMailFacts = {
    number: claim.number,
    orderId: claim.orderId,
    orderRef: shortOrderId(claim.orderId),
    name: claim.name,
    awb: extra.awb ?? '',
    note: extra.note ?? '',
  };
  const site = siteUrl();
  const body = render({
    greeting: greeting(firstname),
    paragraphs: [PARAGRAPHS[step](facts)],
    ...(site ? { link: { href: `${site}/warranty/claims`, label: 'See your claims' } } : {}),
  });
  return {
    to,
    message: { subject: WARRANTY_MAIL_SUBJECTS[step](claim.number), ...body },
    kind: `warranty_${step}`,
    uid: claim.userId,
    orderId: claim.orderId,
    createdAt: Timestamp.now(),
  };
}
