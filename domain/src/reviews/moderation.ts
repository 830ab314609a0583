/**
 * The automatic check every review passes before it is published (docs/reviews.md,
 * "Moderation"). It looks only at the words: contact details and links (which the shop must
 * not publish, and which spam carries) and the configurable block list. Photos follow the
 * review's state: served only while it is published (`reviewPhotoUrl`, issue 37). **The rating
 * is never an input**: a one-star review is published exactly as a five-star one is.
 */

export const HOLD_REASONS = ['phone', 'email', 'url', 'blocked_word'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  phone: 'Contains a phone number',
  email: 'Contains an email address',
  url: 'Contains a web address',
  blocked_word: 'Contains a word on the block list',
};

/** Ten or more digits, allowing spaces, dots, dashes, brackets and a leading +. */
const PHONE = /(?:\+?\d[\s().-]*){10,}/;
const EMAIL = /[A-Za-z0-9._%+-]+\s*(?:@|\[at\]|\(at\))\s*[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/i;
const URL_LIKE = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|in|net|org|co|io|me|ly|info|biz|xyz|shop|store|app)(?:\/\S*)?\b/i;

/** The block list as a setting gives it: comma-separated words or phrases, case and spacing ignored. */
export function parseBlocklist(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((w) => w.trim().toLowerCase().replace(/\s+/g, ' '))
        .filter(Boolean),
    ),
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole word or phrase of the list in the text (so 'ass' does not hold 'class'). */
function blockedWord(text: string, blocklist: readonly string[]): string | null {
  const normal = text.toLowerCase().replace(/\s+/g, ' ');
  for (const word of blocklist) {
    const pattern = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(word)}(?:$|[^\\p{L}\\p{N}])`, 'u');
    if (pattern.test(normal)) return word;
  }
  return null;
}

/**
 * Why the review must wait for an admin, or an empty list when it is published at once.
 * Looks at the title and the text only.
 */
export function holdReasons(review: { title: string; text: string }, blocklist: readonly string[]): HoldReason[] {
  const text = `${review.title}\n${review.text}`;
  const reasons: HoldReason[] = [];
  if (EMAIL.test(text)) reasons.push('email');
  if (PHONE.test(text)) reasons.push('phone');
  if (URL_LIKE.test(text.replace(EMAIL, ' '))) reasons.push('url');
  if (blockedWord(text, blocklist) !== null) reasons.push('blocked_word');
  return reasons;
}

/**
 * Where a review's photo is served (docs/reviews.md "Photos"): under the review, so the server
 * answers it only while the review is published, with a short cache, and 404 once it is taken down.
 */
export function reviewPhotoUrl(reviewId: string, hash: string): string {
  return `/api/images/review/${reviewId}/${hash}`;
}
