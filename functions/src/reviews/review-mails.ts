/** The reviews' mails (docs/reviews.md): the request after delivery, and a moderation decision to the author. */
import { productPath, type MailKind } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { mailGreeting, mailSiteUrl, renderMailBody, type MailDoc } from '../mail/index.js';

function mail(kind: MailKind, to: string, uid: string, subject: string, body: { text: string; html: string }, orderId?: string): MailDoc {
  return { to, message: { subject, ...body }, kind, uid, ...(orderId ? { orderId } : {}), createdAt: Timestamp.now() };
}

/** 'How is your new bag?' — queued once, REVIEW_REQUEST_DAYS after the order was delivered. */
export function reviewRequestMail(input: {
  uid: string;
  email: string;
  firstname: string;
  orderId: string;
  products: { id: string; name: string }[];
}): MailDoc | null {
  if (!input.email || input.products.length === 0) return null;
  const site = mailSiteUrl();
  const first = input.products[0];
  const names = input.products.map((p) => p.name).join(', ');
  const body = renderMailBody({
    greeting: mailGreeting(input.firstname),
    paragraphs: [
      `Your order with ${names} was delivered a few days ago. How is it working out?`,
      'A short review helps other shoppers choose, and tells us what to make better. Only buyers can review a bag, so your review is marked "Verified buyer". Honest criticism is published just like praise.',
    ],
    ...(site && first ? { link: { href: `${site}${productPath(first.id)}#reviews`, label: 'Review your bag' } } : {}),
  });
  return mail('review_request', input.email, input.uid, 'How is your new bag? Tell other shoppers', body, input.orderId);
}

/** To the author when an admin publishes a held review, or rejects or unpublishes one (with the stated reason). */
export function reviewDecisionMail(input: {
  uid: string;
  email: string;
  firstname: string;
  productId: string;
  productName: string;
  status: 'published' | 'rejected';
  wasPublished: boolean;
  reason: string;
}): MailDoc | null {
  if (!input.email) return null;
  const site = mailSiteUrl();
  const paragraphs =
    input.status === 'published'
      ? [`Your review of ${input.productName} has been checked and is now published.`]
      : [
          input.wasPublished
            ? `Your review of ${input.productName} was taken down by our moderators.`
            : `Your review of ${input.productName} could not be published.`,
          `The reason given: ${input.reason}`,
          'You can edit your review on the product page; an edited review is checked again.',
        ];
  const body = renderMailBody({
    greeting: mailGreeting(input.firstname),
    paragraphs,
    ...(site ? { link: { href: `${site}${productPath(input.productId)}#reviews`, label: 'See your review' } } : {}),
  });
  const subject = input.status === 'published' ? 'Your review is published' : 'About your review on Bagshop';
  return mail('review_decision', input.email, input.uid, subject, body);
}
