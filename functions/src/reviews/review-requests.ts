/**
 * "How is your new bag?" (docs/reviews.md, "Review request"): REVIEW_REQUEST_DAYS after an
 * order is delivered, one mail asks the shopper to review what they bought. Once per order:
 * a marker `reviewRequests/{orderId}` is created in the same transaction as the mail. Run by
 * the scheduled `sendReviewRequests` (every hour) and, on the emulators, by the hold sweeper's
 * timer through `sendReviewRequestsEmulator` (functions/src/index.ts).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { queueMail } from '../mail/index.js';
import { orders } from '../orders/store.js';
import { DELIVERED_STATUS, reviews } from './reviews.js';
import { reviewRequestMail } from './review-mails.js';

const DAY_MS = 86_400_000;
/** Orders delivered longer ago than the delay plus this are not looked at again. */
const LOOK_BACK_DAYS = 30;

export const reviewRequests = () => db.collection('reviewRequests');

const millis = (value: unknown): number | null =>
  value instanceof Timestamp ? value.toMillis() : value instanceof Date ? value.getTime() : null;

/** When the order was delivered: its last `completed` history entry, else its last update. */
function deliveredAt(order: FirebaseFirestore.DocumentData): number | null {
  const history = Array.isArray(order.statusHistory) ? (order.statusHistory as { status?: unknown; at?: unknown }[]) : [];
  const entry = [...history].reverse().find((h) => h.status === DELIVERED_STATUS);
  return millis(entry?.at) ?? millis(order.updatedAt);
}

interface Line {
  _id?: unknown;
  name?: unknown;
  product?: { _id?: unknown };
}

export async function sendReviewRequests(now = Date.now()): Promise<{ queued: number }> {
  const days = serverConfig().reviews.requestDays;
  const due = now - days * DAY_MS;
  const since = Timestamp.fromMillis(due - LOOK_BACK_DAYS * DAY_MS);
  const snap = await orders().where('status', '==', DELIVERED_STATUS).where('updatedAt', '>=', since).get();
  const candidates = snap.docs.filter((d) => {
    const at = deliveredAt(d.data());
    return at !== null && at <= due;
  });
  if (candidates.length === 0) return { queued: 0 };
  const markers = await db.getAll(...candidates.map((d) => reviewRequests().doc(d.id)));
  let queued = 0;
  for (const [i, order] of candidates.entries()) {
    if (markers[i]?.exists) continue;
    const data = order.data();
    const uid = String(data.userId ?? '');
    const lines = (Array.isArray(data.items) ? (data.items as Line[]) : [])
      .map((l) => ({ id: String(l.product?._id ?? l._id ?? ''), name: String(l.name ?? '') }))
      .filter((l) => l.id);
    const sent = await db.runTransaction(async (tx) => {
      const marker = reviewRequests().doc(order.id);
      const [mark, profile, ...already] = await Promise.all([
        tx.get(marker),
        tx.get(db.doc(`users/${uid}`)),
        ...lines.map((l) => tx.get(reviews().doc(`${l.id}_${uid}`))),
      ]);
      if (mark.exists) return false;
      // Bags already reviewed are not asked about again; nothing left, no mail (but marked).
      const open = lines.filter((_, j) => !already[j]?.exists);
      const user = profile.data() ?? {};
      const fullname = (user.fullname ?? {}) as { firstname?: unknown };
      queueMail(
        tx,
        reviewRequestMail({
          uid,
          email: String(user.email ?? (data.user as { email?: unknown } | undefined)?.email ?? ''),
          firstname: typeof fullname.firstname === 'string' ? fullname.firstname : '',
          orderId: order.id,
          products: open,
        }),
      );
      tx.create(marker, { orderId: order.id, uid, queuedAt: Timestamp.now(), products: open.map((l) => l.id) });
      return open.length > 0;
    });
    if (sent) queued += 1;
  }
  return { queued };
}
