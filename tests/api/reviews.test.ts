// Reviews (docs/reviews.md) against the emulators: only buyers of a delivered line write one,
// once; the automatic check holds contact details and block-list words (never by rating);
// the product's rating aggregate follows publish, edit, delete and reject, exactly, also
// under concurrent reviews; held reviews stay hidden; helpful votes; admin decisions and
// replies; the rating markup on the product page; the review request mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, randomPng, type Envelope, type ProductJson } from '../support/commerce';
import { functionUrl, hostingUrl } from '../support/emulators';

interface Rating {
  average: number;
  count: number;
  histogram: Record<'1' | '2' | '3' | '4' | '5', number>;
}
interface Review {
  _id: string;
  rating: number | null;
  title: string;
  text: string;
  author: string;
  verifiedBuyer: boolean;
  variant: { sku: string | null; options: Record<string, string> } | null;
  photos: { url: string; hash: string }[];
  reply: { text: string; at: string; updatedAt: string } | null;
  helpfulCount: number;
  edited: boolean;
  status?: string;
  holdReasons?: string[];
  moderation?: { status: string; reason: string; by: string }[];
}
interface Page {
  reviews: Review[];
  nextCursor: string | null;
}

const NOT_BUYER = 'Only buyers of this bag can review it';
const TEXT = 'Carried it on three trips; the zips and wheels held up well.';

/** An order of the product for the user, written straight into the emulator (orders have their own tests). */
async function orderFor(user: TestUser, productId: string, status: string, extra: Record<string, unknown> = {}, deliveredDaysAgo = 1) {
  const at = new Date(Date.now() - deliveredDaysAgo * 86_400_000);
  const ref = admin().db.collection('orders').doc();
  await ref.set({
    userId: user.uid,
    user: { _id: user.uid, fullname: { firstname: 'Test', lastname: 'User' }, email: user.email },
    items: [
      {
        _id: productId,
        name: 'Test bag',
        price: 2000,
        discount: 500,
        quantity: 1,
        product: { _id: productId, image: { url: '', hash: '' } },
        ...extra,
      },
    ],
    subtotal: 1500,
    totalAmount: 1500,
    status,
    paymentMethod: 'COD',
    payment: { status: status === 'completed' ? 'paid' : 'unpaid' },
    statusHistory: [{ status, at, by: 'test' }],
    createdAt: at,
    updatedAt: at,
  });
  return ref.id;
}

function reviewForm(fields: Record<string, string | number>, photos: Buffer[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  photos.forEach((p, i) => form.append('photos', new Blob([new Uint8Array(p)], { type: 'image/png' }), `photo-${i}.png`));
  return form;
}

const post = (productId: string, user: TestUser | null, fields: Record<string, string | number>, photos: Buffer[] = []) =>
  api<Envelope<Review>>(`products/${productId}/reviews`, { method: 'POST', token: user?.idToken, rawBody: reviewForm(fields, photos) });

const ratingOf = async (productId: string) =>
  (await api<Envelope<ProductJson & { rating: Rating }>>(`products/${productId}`)).body.data.rating;
const list = async (productId: string, query = '') => (await api<Envelope<Page>>(`products/${productId}/reviews${query}`)).body.data;

/** A shopper with a delivered order of the product. */
async function buyer(productId: string, extra: Record<string, unknown> = {}, firstname = 'Priya'): Promise<TestUser> {
  const user = await createTestUser({ firstname });
  await orderFor(user, productId, 'completed', extra);
  return user;
}

describe('reviews', () => {
  let adminUser: TestUser;
  let product: ProductJson;
  const made: string[] = [];

  beforeAll(async () => {
    adminUser = await createTestUser({ role: 'admin' });
    product = await createProduct(adminUser);
    made.push(product._id);
  });

  afterAll(async () => {
    await Promise.all(made.map((id) => api(`products/${id}`, { method: 'DELETE', token: adminUser.idToken })));
  });

  const fresh = async () => {
    const p = await createProduct(adminUser);
    made.push(p._id);
    return p;
  };

  describe('who may review', () => {
    it('anonymous: 401; not bought: 403; bought but not delivered: 403; delivered: 201 marked verified', async () => {
      const p = await fresh();
      const good = { rating: 4, title: 'Good bag', text: TEXT };
      expect((await post(p._id, null, good)).status).toBe(401);

      const stranger = await createTestUser();
      const notBought = await post(p._id, stranger, good);
      expect(notBought.status).toBe(403);
      expect(notBought.body.message).toBe(NOT_BUYER);

      const waiting = await createTestUser();
      await orderFor(waiting, p._id, 'shipped');
      await orderFor(waiting, p._id, 'cancelled');
      const notDelivered = await post(p._id, waiting, good);
      expect(notDelivered.status).toBe(403);
      expect(notDelivered.body.message).toBe(NOT_BUYER);
      expect(
        (await api<Envelope<{ canReview: boolean }>>(`products/${p._id}/reviews/eligibility`, { token: waiting.idToken })).body.data
          .canReview,
      ).toBe(false);

      const delivered = await buyer(p._id, {}, 'Priya');
      expect(
        (await api<Envelope<{ canReview: boolean }>>(`products/${p._id}/reviews/eligibility`, { token: delivered.idToken })).body.data
          .canReview,
      ).toBe(true);
      const res = await post(p._id, delivered, good);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        rating: 4,
        status: 'published',
        verifiedBuyer: true,
        author: 'Priya U.',
        edited: false,
        variant: null,
      });
      expect((await list(p._id)).reviews.map((r) => r._id)).toEqual([res.body.data._id]);
    });

    it('one review per shopper and product: the second is 409, the first is edited instead (marked)', async () => {
      const p = await fresh();
      const user = await buyer(p._id);
      expect((await post(p._id, user, { rating: 5, title: 'Great', text: TEXT })).status).toBe(201);
      const again = await post(p._id, user, { rating: 1, title: 'Changed my mind', text: TEXT });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You have already reviewed this bag; edit your review instead');
      const edit = await api<Envelope<Review>>(`products/${p._id}/reviews/mine`, {
        method: 'PATCH',
        token: user.idToken,
        body: { rating: 3 },
      });
      expect(edit.status).toBe(200);
      expect(edit.body.data).toMatchObject({ rating: 3, title: 'Great', edited: true, status: 'published' });
      const other = await createTestUser();
      expect((await api(`products/${p._id}/reviews/mine`, { token: other.idToken })).status).toBe(404);
      expect((await api(`products/${p._id}/reviews/mine`, { method: 'PATCH', token: other.idToken, body: { rating: 3 } })).status).toBe(
        404,
      );
    });

    it('records the variant the order line names (options and SKU)', async () => {
      const p = await fresh();
      const user = await buyer(p._id, { variantId: 'v-teal', sku: 'BAG-TEAL-L', options: { Colour: 'Teal', Size: 'Large' } });
      const res = await post(p._id, user, { rating: 5, title: 'Lovely colour', text: TEXT });
      expect(res.body.data.variant).toEqual({ sku: 'BAG-TEAL-L', options: { Colour: 'Teal', Size: 'Large' } });
      expect((await list(p._id)).reviews[0]?.variant).toEqual({ sku: 'BAG-TEAL-L', options: { Colour: 'Teal', Size: 'Large' } });
    });
  });

  describe('validation', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await buyer(product._id);
    });
    const cases: [string, Record<string, string | number>, string][] = [
      ['rating 6', { rating: 6, title: 'T', text: TEXT }, 'Rating must be a whole number of stars from 1 to 5'],
      ['rating 4.5', { rating: '4.5', title: 'T', text: TEXT }, 'Rating must be a whole number of stars from 1 to 5'],
      ['no rating', { title: 'T', text: TEXT }, 'Choose a rating from 1 to 5 stars'],
      ['no title', { rating: 4, text: TEXT }, 'Title is required'],
      ['long title', { rating: 4, title: 'x'.repeat(121), text: TEXT }, 'Title must be at most 120 characters'],
      ['short text', { rating: 4, title: 'T', text: 'Nice bag.' }, 'Review text must be at least 20 characters'],
      ['long text', { rating: 4, title: 'T', text: 'x'.repeat(2001) }, 'Review text must be at most 2000 characters'],
    ];
    for (const [name, fields, message] of cases) {
      it(`${name}: 400 '${message}'`, async () => {
        const res = await post(product._id, user, fields);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      });
    }

    it('photos: at most 3 (400), images only (415), JSON is not the form (415)', async () => {
      const four = await post(
        product._id,
        user,
        { rating: 4, title: 'T', text: TEXT },
        await Promise.all([1, 2, 3, 4].map(() => randomPng())),
      );
      expect(four.status).toBe(400);
      expect(four.body.message).toBe('Add at most 3 photos');
      const notImage = await post(product._id, user, { rating: 4, title: 'T', text: TEXT }, [Buffer.from('not a picture at all')]);
      expect(notImage.status).toBe(415);
      const json = await api(`products/${product._id}/reviews`, {
        method: 'POST',
        token: user.idToken,
        body: { rating: 4, title: 'T', text: TEXT },
      });
      expect(json.status).toBe(415);
      expect((await api(`products/${product._id}/reviews/mine`, { token: user.idToken })).status).toBe(404); // nothing was saved
    });

    it('a review with a photo: re-encoded to WebP and served', async () => {
      const res = await post(product._id, user, { rating: 5, title: 'With a photo', text: TEXT }, [await randomPng(40)]);
      expect(res.status).toBe(201);
      expect(res.body.data.photos).toHaveLength(1);
      const img = await fetch(`${await hostingUrl()}${res.body.data.photos[0]?.url}`);
      expect(img.headers.get('content-type')).toBe('image/webp');
      expect((await list(product._id, '?withPhotos=1')).reviews.map((r) => r._id)).toContain(res.body.data._id);
    });

    it('a photo is served only while its review is published, with a short cache; taking the review down takes it down (issue 37)', async () => {
      const bag = await fresh();
      const author = await buyer(bag._id);
      const res = await post(bag._id, author, { rating: 2, title: 'Scuffed at once', text: TEXT }, [await randomPng(40)]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const rid = res.body.data._id;
      const hash = res.body.data.photos[0]?.hash ?? '';
      const base = await hostingUrl();
      const publicUrl = `/api/images/review/${rid}/${hash}`;
      expect(res.body.data.photos[0]?.url).toBe(publicUrl);
      const get = (path: string) => fetch(`${base}${path}`);

      // Published: its own URL, a five-minute cache, never "immutable"; the shared picture URL does not serve it.
      const shown = await get(publicUrl);
      expect([shown.status, shown.headers.get('cache-control')]).toEqual([200, 'public, max-age=300, s-maxage=300']);
      expect((await get(`${publicUrl}/400`)).status).toBe(200);
      expect((await get(`/api/images/${hash}`)).status).toBe(404);
      expect((await get(`/api/images/${hash}/400`)).status).toBe(404);
      expect((await list(bag._id)).reviews[0]?.photos[0]?.url).toBe(publicUrl);

      // Taken down: 404 at once, not cached.
      const rejected = await api(`admin/reviews/${rid}`, {
        method: 'PATCH',
        token: adminUser.idToken,
        body: { status: 'rejected', reason: 'Shows another shop’s label' },
      });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      const gone = await get(publicUrl);
      expect([gone.status, gone.headers.get('cache-control')]).toEqual([404, 'no-store']);
      expect((await get(`${publicUrl}/400`)).status).toBe(404);

      // The author (and the admins) see it through a signed link, never cached; a forged one is refused.
      const mine = await api<Envelope<Review>>(`products/${bag._id}/reviews/mine`, { token: author.idToken });
      const signed = mine.body.data.photos[0]?.url ?? '';
      expect(signed).toMatch(new RegExp(`^${publicUrl}\\?expires=\\d+&sig=[A-Za-z0-9_-]+$`));
      const private_ = await get(signed);
      expect([private_.status, private_.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
      expect((await get(signed.replace(/sig=./, 'sig=A'))).status).toBe(404);
      const queue = await api<Envelope<Review[]>>(`admin/reviews?status=rejected&productId=${bag._id}`, { token: adminUser.idToken });
      expect(queue.body.data[0]?.photos[0]?.url).toMatch(/sig=/);

      // Published again: served again.
      const back = await api(`admin/reviews/${rid}`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'published' } });
      expect(back.status).toBe(200);
      expect((await get(publicUrl)).status).toBe(200);

      // A held review's photo is not public either.
      const other = await fresh();
      const holder = await buyer(other._id);
      const held = await post(other._id, holder, { rating: 5, title: 'Great', text: `${TEXT} Call 98765 43210` }, [await randomPng(40)]);
      expect(held.body.data.status).toBe('held');
      expect((await get(`/api/images/review/${held.body.data._id}/${held.body.data.photos[0]?.hash ?? ''}`)).status).toBe(404);
    });

    it('list query errors are 400 naming the parameter; unknown product reviews 404 for writes', async () => {
      expect((await api(`products/${product._id}/reviews?sort=best`)).status).toBe(400);
      expect((await api<Envelope<unknown>>(`products/${product._id}/reviews?rating=9`)).body.message).toBe(
        'rating must be a whole number from 1 to 5',
      );
      expect((await post('no-such-product', user, { rating: 4, title: 'T', text: TEXT })).status).toBe(404);
    });
  });

  describe('the rating aggregate', () => {
    it('follows publish, edit, delete and reject, and counts published reviews only', async () => {
      const p = await fresh();
      expect(await ratingOf(p._id)).toEqual({ average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
      const [a, b, c] = await Promise.all([buyer(p._id), buyer(p._id), buyer(p._id)]);
      await post(p._id, a, { rating: 5, title: 'Great', text: TEXT });
      await post(p._id, b, { rating: 2, title: 'Meh', text: TEXT });
      expect(await ratingOf(p._id)).toEqual({ average: 3.5, count: 2, histogram: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 } });

      // held: not counted
      const held = await post(p._id, c, { rating: 1, title: 'Call me', text: 'Call me on 98765 43210 for a better deal on these' });
      expect(held.body.data.status).toBe('held');
      expect((await ratingOf(p._id)).count).toBe(2);

      // edit a published one: moves between stars
      await api(`products/${p._id}/reviews/mine`, { method: 'PATCH', token: b.idToken, body: { rating: 4 } });
      expect(await ratingOf(p._id)).toMatchObject({ average: 4.5, count: 2, histogram: { 2: 0, 4: 1, 5: 1 } });

      // admin publishes the held one: counted
      const publish = await api<Envelope<Review>>(`admin/reviews/${held.body.data._id}`, {
        method: 'PATCH',
        token: adminUser.idToken,
        body: { status: 'published' },
      });
      expect(publish.status).toBe(200);
      expect(await ratingOf(p._id)).toMatchObject({ average: 3.3, count: 3, histogram: { 1: 1 } });

      // admin unpublishes it with a policy reason: not counted
      await api(`admin/reviews/${held.body.data._id}`, {
        method: 'PATCH',
        token: adminUser.idToken,
        body: { status: 'rejected', reason: 'Shares a phone number (personal data policy)' },
      });
      expect(await ratingOf(p._id)).toMatchObject({ average: 4.5, count: 2, histogram: { 1: 0 } });

      // the author deletes: gone from the aggregate
      expect((await api(`products/${p._id}/reviews/mine`, { method: 'DELETE', token: a.idToken })).status).toBe(200);
      expect(await ratingOf(p._id)).toEqual({ average: 4, count: 1, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
      // the product list carries it too (cards' stars, sort=rating)
      const all = (await api<Envelope<(ProductJson & { rating: Rating })[]>>('products')).body.data;
      expect(all.find((x) => x._id === p._id)?.rating.count).toBe(1);
    });

    it('concurrent reviews of one product keep the aggregate exact', async () => {
      const p = await fresh();
      const stars = [5, 4, 4, 3, 1, 5, 2, 5];
      const users = await Promise.all(stars.map(() => buyer(p._id)));
      const results = await Promise.all(users.map((u, i) => post(p._id, u, { rating: stars[i] ?? 5, title: `Review ${i}`, text: TEXT })));
      // The emulator may abort a heavily contended transaction: that is a 409, never a 5xx.
      for (const r of results) expect([201, 409]).toContain(r.status);
      const saved = stars.filter((_, i) => results[i]?.status === 201);
      expect(saved.length).toBeGreaterThan(0);
      const sum = saved.reduce((x, y) => x + y, 0);
      const rating = await ratingOf(p._id);
      expect(rating.count).toBe(saved.length);
      expect(rating.average).toBe(Math.round((sum * 10) / saved.length) / 10);
      expect((await list(p._id)).reviews).toHaveLength(saved.length);
    }, 90_000);

    it('sort=rating lists the top rated first (average, then count), unreviewed bags after', async () => {
      const [low, high, none] = [await fresh(), await fresh(), await fresh()];
      await post(low._id, await buyer(low._id), { rating: 2, title: 'Meh', text: TEXT });
      await post(high._id, await buyer(high._id), { rating: 5, title: 'Great', text: TEXT });
      const ids = (await api<Envelope<ProductJson[]>>('products?sort=rating')).body.data.map((x) => x._id);
      expect(ids.indexOf(high._id)).toBeLessThan(ids.indexOf(low._id));
      expect(ids.indexOf(low._id)).toBeLessThan(ids.indexOf(none._id));
    });
  });

  describe('moderation', () => {
    it('holds contact details and block-list words, whatever the rating; held reviews are invisible to others', async () => {
      const p = await fresh();
      const [one, five, harsh] = await Promise.all([buyer(p._id), buyer(p._id), buyer(p._id)]);
      const a = await post(p._id, one, { rating: 1, title: 'Spam', text: 'Better prices on my telegram channel, join today' });
      const b = await post(p._id, five, { rating: 5, title: 'Mail me', text: 'Write to deals@example.com for the same bag cheaper' });
      const c = await post(p._id, harsh, { rating: 1, title: 'Awful', text: 'The handle tore off on day two. Terrible quality, avoid.' });
      expect([a.body.data.status, b.body.data.status, c.body.data.status]).toEqual(['held', 'held', 'published']);
      expect(a.body.data.holdReasons).toEqual(['blocked_word']);
      expect(b.body.data.holdReasons).toEqual(['email']);

      // others see only the published one; the author sees theirs with its state
      expect((await list(p._id)).reviews.map((r) => r._id)).toEqual([c.body.data._id]);
      const mine = await api<Envelope<Review>>(`products/${p._id}/reviews/mine`, { token: one.idToken });
      expect(mine.body.data).toMatchObject({ status: 'held', holdReasons: ['blocked_word'] });
      // a held review takes no votes
      expect((await api(`products/${p._id}/reviews/${a.body.data._id}/helpful`, { method: 'POST', token: harsh.idToken })).status).toBe(
        404,
      );

      // the queue: held first, with no stars until decided
      const queue = await api<Envelope<Review[]>>(`admin/reviews?productId=${p._id}`, { token: adminUser.idToken });
      expect(queue.body.data.map((r) => r.status)).toEqual(['held', 'held', 'published']);
      expect(queue.body.data.slice(0, 2).map((r) => r.rating)).toEqual([null, null]);
      expect(queue.body.data[2]?.rating).toBe(1);
      const heldOnly = await api<Envelope<Review[]>>('admin/reviews?status=held', { token: adminUser.idToken });
      expect(heldOnly.body.data.every((r) => r.status === 'held' && r.rating === null)).toBe(true);
    });

    it('admin only; rejecting needs a stated reason, which is logged, shown to the author and mailed', async () => {
      const p = await fresh();
      const author = await buyer(p._id);
      const res = await post(p._id, author, { rating: 3, title: 'Fine', text: TEXT });
      const id = res.body.data._id;
      expect((await api(`admin/reviews/${id}`, { method: 'PATCH', body: { status: 'rejected', reason: 'x'.repeat(20) } })).status).toBe(
        401,
      );
      expect((await api(`admin/reviews/${id}`, { method: 'PATCH', token: author.idToken, body: { status: 'published' } })).status).toBe(
        403,
      );
      expect((await api('admin/reviews', { token: author.idToken })).status).toBe(403);
      expect((await api('admin/reviews?status=lost', { token: adminUser.idToken })).status).toBe(400);
      expect(
        (await api('admin/reviews/nope_nobody', { method: 'PATCH', token: adminUser.idToken, body: { status: 'published' } })).status,
      ).toBe(404);

      const noReason = await api(`admin/reviews/${id}`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'rejected' } });
      expect(noReason.status).toBe(400);
      expect((noReason.body as { message: string }).message).toBe(
        'Give the policy reason for rejecting this review (at least 10 characters)',
      );
      expect((await list(p._id)).reviews).toHaveLength(1); // still published

      const reason = 'Names another shop (advertising policy)';
      const down = await api<Envelope<Review>>(`admin/reviews/${id}`, {
        method: 'PATCH',
        token: adminUser.idToken,
        body: { status: 'rejected', reason },
      });
      expect(down.status).toBe(200);
      expect((await list(p._id)).reviews).toHaveLength(0);
      const mine = await api<Envelope<Review>>(`products/${p._id}/reviews/mine`, { token: author.idToken });
      expect(mine.body.data.status).toBe('rejected');
      expect(mine.body.data.moderation?.at(-1)).toMatchObject({ status: 'rejected', reason, by: adminUser.uid });
      const mails = await admin().db.collection('mail').where('uid', '==', author.uid).where('kind', '==', 'review_decision').get();
      expect(mails.size).toBe(1);
      expect(String(mails.docs[0]?.get('message.text'))).toContain(reason);

      // the author edits it: it goes back to the queue, not straight out
      const edited = await api<Envelope<Review>>(`products/${p._id}/reviews/mine`, {
        method: 'PATCH',
        token: author.idToken,
        body: { title: 'Fine bag' },
      });
      expect(edited.body.data.status).toBe('held');
    });
  });

  describe('helpful votes and seller replies', () => {
    it('one vote per shopper (again removes it); not the author; signed in only', async () => {
      const p = await fresh();
      const author = await buyer(p._id);
      const id = (await post(p._id, author, { rating: 4, title: 'Good', text: TEXT })).body.data._id;
      const voter = await createTestUser();
      const vote = () =>
        api<Envelope<{ helpful: boolean; helpfulCount: number }>>(`products/${p._id}/reviews/${id}/helpful`, {
          method: 'POST',
          token: voter.idToken,
        });
      expect((await api(`products/${p._id}/reviews/${id}/helpful`, { method: 'POST' })).status).toBe(401);
      expect((await vote()).body.data).toEqual({ helpful: true, helpfulCount: 1 });
      expect((await list(p._id)).reviews[0]?.helpfulCount).toBe(1);
      expect((await vote()).body.data).toEqual({ helpful: false, helpfulCount: 0 });
      expect((await vote()).body.data).toEqual({ helpful: true, helpfulCount: 1 });
      const own = await api(`products/${p._id}/reviews/${id}/helpful`, { method: 'POST', token: author.idToken });
      expect(own.status).toBe(403);
      expect((own.body as { message: string }).message).toBe('You cannot vote for your own review');
      expect((await api(`products/${p._id}/reviews/nobody_here/helpful`, { method: 'POST', token: voter.idToken })).status).toBe(404);
    });

    it('the admin replies once, publicly; posting again edits the reply', async () => {
      const p = await fresh();
      const author = await buyer(p._id);
      const id = (
        await post(p._id, author, { rating: 2, title: 'Zip stuck', text: 'The main zip sticks at the corner every time I open it.' })
      ).body.data._id;
      expect((await api(`admin/reviews/${id}/reply`, { method: 'POST', token: author.idToken, body: { text: 'Hi' } })).status).toBe(403);
      expect((await api(`admin/reviews/${id}/reply`, { method: 'POST', token: adminUser.idToken, body: { text: ' ' } })).status).toBe(400);
      const first = await api<Envelope<Review>>(`admin/reviews/${id}/reply`, {
        method: 'POST',
        token: adminUser.idToken,
        body: { text: 'Sorry about the zip; we have sent a replacement.' },
      });
      expect(first.status).toBe(200);
      const second = await api<Envelope<Review>>(`admin/reviews/${id}/reply`, {
        method: 'POST',
        token: adminUser.idToken,
        body: { text: 'Sorry about the zip; a replacement is on its way.' },
      });
      expect(second.body.data.reply?.at).toBe(first.body.data.reply?.at);
      expect((await list(p._id)).reviews[0]?.reply?.text).toBe('Sorry about the zip; a replacement is on its way.');
    });
  });

  describe('rating markup on the product page', () => {
    const jsonLd = async (id: string) => {
      const html = await (await fetch(`${await hostingUrl()}/product/${id}`)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
        (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
      );
      return blocks.find((b) => b['@type'] === 'Product') ?? {};
    };

    it('none without published reviews; aggregateRating and the reviews once there are', async () => {
      const p = await fresh();
      expect(await jsonLd(p._id)).not.toHaveProperty('aggregateRating');
      const held = await buyer(p._id);
      await post(p._id, held, { rating: 5, title: 'Link', text: 'Even better at www.cheapbags.in this week only' });
      expect(await jsonLd(p._id)).not.toHaveProperty('aggregateRating');
      await post(p._id, await buyer(p._id, {}, 'Arun'), { rating: 4, title: 'Solid', text: TEXT });
      const ld = await jsonLd(p._id);
      expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
      expect(ld.review).toEqual([
        expect.objectContaining({
          '@type': 'Review',
          name: 'Solid',
          reviewRating: expect.objectContaining({ ratingValue: 4 }),
          author: { '@type': 'Person', name: 'Arun U.' },
        }),
      ]);
    });
  });

  describe('review request mail', () => {
    const sweep = async () => {
      const res = await fetch((await functionUrl()).replace(/\/api$/, '/sendReviewRequestsEmulator'), { method: 'POST' });
      expect(res.status).toBe(200);
    };
    const requests = async (uid: string) =>
      (await admin().db.collection('mail').where('uid', '==', uid).where('kind', '==', 'review_request').get()).docs;

    it('is queued once, 5 days after delivery, and not before', async () => {
      const p = await fresh();
      const due = await createTestUser({ firstname: 'Meera' });
      const orderId = await orderFor(due, p._id, 'completed', {}, 6);
      const early = await createTestUser();
      await orderFor(early, p._id, 'completed', {}, 2);
      await sweep();
      await sweep();
      const sent = await requests(due.uid);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.get('orderId')).toBe(orderId);
      expect(String(sent[0]?.get('message.text'))).toContain('Hello Meera');
      expect(await requests(early.uid)).toHaveLength(0);
    }, 90_000);
  });
});
