import {
  formatDateIN,
  HOLD_REASON_LABELS,
  RATING_VALUES,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  type OwnReview,
  type Product,
  type PublicReview,
  type ReviewSort,
} from '@bagshop/domain';
import { Alert, Anchor, Badge, Button, Chip, Group, Loader, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconThumbUp } from '@tabler/icons-react';
import { Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Stars } from '../../../../components/rating-stars';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { lazyPage } from '../../../../lib/lazy-page';
import { notify } from '../../../../lib/notify';
import { useSession } from '../../../../lib/session';
import { deleteReview, getEligibility, getReviews, voteHelpful, type ReviewFilters } from '../../api/reviews';
import classes from './product-reviews.module.css';
import { pictureAttributes } from '../../../../lib/picture';

const ReviewForm = lazyPage(() => import('./review-form'));

const DEFAULT_FILTERS: ReviewFilters = { sort: 'recent', rating: null, withPhotos: false };

/**
 * The reviews of a product (docs/reviews.md): summary with histogram bars that filter, a photo
 * strip, the list with sort and filters, and the shopper's own review or "Write a review".
 * The summary comes from the product (drawn by the server); the list loads after hydration.
 */
export function ProductReviews({ product }: { product: Product }) {
  const rating = product.rating ?? { average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
  const [filters, setFilters] = useState<ReviewFilters>(DEFAULT_FILTERS);
  const [reviews, setReviews] = useState<PublicReview[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [photos, setPhotos] = useState<PublicReview[]>([]);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    getReviews(product._id, filters, null)
      .then((page) =>
        startTransition(() => {
          if (!live) return;
          setReviews(page.reviews);
          setCursor(page.nextCursor);
        }),
      )
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [product._id, filters, reload]);

  useEffect(() => {
    let live = true;
    if (rating.count === 0) return;
    getReviews(product._id, { sort: 'helpful', rating: null, withPhotos: true }, null)
      .then((page) => live && setPhotos(page.reviews))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [product._id, rating.count, reload]);

  const more = async () => {
    if (!cursor) return;
    try {
      const page = await getReviews(product._id, filters, cursor);
      setReviews((r) => [...(r ?? []), ...page.reviews]);
      setCursor(page.nextCursor);
    } catch (error) {
      notify.error(errorMessage(error, 'More reviews could not be loaded'));
    }
  };

  const filterRating = (star: number) => setFilters((f) => ({ ...f, rating: f.rating === star ? null : star }));
  const photoStrip = photos.flatMap((r) => r.photos.map((p) => ({ ...p, review: r })));

  return (
    <Stack component="section" id="reviews" aria-labelledby="reviews-title" gap="lg" mt={48} data-testid="reviews">
      <Title order={2} id="reviews-title" fz={{ base: 22, md: 26 }}>
        Customer reviews
      </Title>
      <div className={classes.summary}>
        <Stack gap={6}>
          {rating.count > 0 ? (
            <>
              <Group gap="sm" align="center">
                <Text fz={40} fw={800} lh={1} data-testid="rating-average">
                  {rating.average.toFixed(1)}
                </Text>
                <Stack gap={2}>
                  <Stars value={rating.average} size={20} label={`${rating.average.toFixed(1)} out of 5 stars`} />
                  <Text fz="sm" c="gray.7" data-testid="rating-count">
                    {rating.count === 1 ? '1 review' : `${rating.count.toLocaleString('en-IN')} reviews`}
                  </Text>
                </Stack>
              </Group>
              <Stack gap={2} role="group" aria-label="Filter by stars">
                {[...RATING_VALUES].reverse().map((star) => {
                  const n = rating.histogram[star];
                  const share = rating.count ? Math.round((n / rating.count) * 100) : 0;
                  return (
                    <button
                      key={star}
                      type="button"
                      className={classes.bar}
                      aria-pressed={filters.rating === star}
                      disabled={n === 0}
                      onClick={() => filterRating(star)}
                      aria-label={`${star} star${star === 1 ? '' : 's'}: ${n} review${n === 1 ? '' : 's'} (${share}%)`}
                    >
                      <Text span fz="sm">
                        {star} star
                      </Text>
                      <Progress value={share} color="yellow.7" size="md" aria-hidden />
                      <Text span fz="sm" c="gray.7" ta="right">
                        {share}%
                      </Text>
                    </button>
                  );
                })}
              </Stack>
            </>
          ) : (
            <Text c="gray.7">No reviews yet. Bought this bag? Tell other shoppers how it is.</Text>
          )}
          <OwnReviewBox productId={product._id} onChanged={() => setReload((n) => n + 1)} />
        </Stack>

        <Stack gap="md">
          {photoStrip.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} fz="sm">
                Photos from buyers
              </Text>
              <div className={classes.strip} data-testid="review-photos">
                {photoStrip.slice(0, 12).map((p) => (
                  <a key={`${p.review._id}-${p.hash}`} href={p.url} target="_blank" rel="noreferrer">
                    <img
                      {...pictureAttributes(p.url, 72)}
                      alt={`Photo by ${p.review.author}: ${p.review.title}`}
                      className={classes.thumb}
                      loading="lazy"
                      width={72}
                      height={72}
                    />
                  </a>
                ))}
              </div>
            </Stack>
          )}
          {rating.count > 0 && (
            <Group gap="sm" align="end" wrap="wrap">
              <NativeSelect
                label="Sort reviews"
                value={filters.sort}
                onChange={(e) => {
                  const sort = e.currentTarget.value as ReviewSort;
                  setFilters((f) => ({ ...f, sort }));
                }}
                data={REVIEW_SORTS.map((s) => ({ value: s, label: REVIEW_SORT_LABELS[s] }))}
                w={180}
              />
              <Chip checked={filters.withPhotos} onChange={(withPhotos) => setFilters((f) => ({ ...f, withPhotos }))}>
                With photos
              </Chip>
              {filters.rating !== null && (
                <Chip checked onChange={() => setFilters((f) => ({ ...f, rating: null }))}>
                  {filters.rating} star only ×
                </Chip>
              )}
            </Group>
          )}
          {failed ? (
            <Text c="red.9">Reviews could not be loaded. Please try again later.</Text>
          ) : reviews === null ? (
            rating.count > 0 && <Loader size="sm" aria-label="Loading reviews" />
          ) : reviews.length === 0 ? (
            rating.count > 0 && <Text c="gray.7">No reviews match these filters.</Text>
          ) : (
            <Stack gap="lg" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviews">
              {reviews.map((r) => (
                <ReviewItem key={r._id} review={r} productId={product._id} />
              ))}
            </Stack>
          )}
          {cursor && (
            <Button variant="default" onClick={() => void more()} w="fit-content">
              Show more reviews
            </Button>
          )}
        </Stack>
      </div>
    </Stack>
  );
}

function VariantLine({ review }: { review: PublicReview }) {
  const options = Object.entries(review.variant?.options ?? {});
  if (!options.length) return null;
  return (
    <Text fz="sm" c="gray.7">
      {options.map(([k, v]) => `${k}: ${v}`).join(' · ')}
    </Text>
  );
}

function ReviewItem({ review, productId }: { review: PublicReview; productId: string }) {
  const { user } = useSession();
  const [helpful, setHelpful] = useState(review.helpfulCount);
  const [voted, setVoted] = useState(false);
  const own = user !== null && `${productId}_${user._id}` === review._id;
  const vote = async () => {
    if (!user) {
      notify.error('Sign in to mark a review helpful');
      return;
    }
    try {
      const res = await voteHelpful(productId, review._id);
      setHelpful(res.helpfulCount);
      setVoted(res.helpful);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <Stack component="li" gap={6} data-testid="review">
      <Group gap="xs" wrap="wrap">
        <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
        <Text fw={700} component="h3" fz="md" m={0}>
          {review.title}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Text fz="sm" fw={600}>
          {review.author}
        </Text>
        <Badge color="teal.9" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
          Verified buyer
        </Badge>
        <Text fz="sm" c="gray.7">
          {formatDateIN(review.createdAt)}
          {review.edited ? ' · Edited' : ''}
        </Text>
      </Group>
      <VariantLine review={review} />
      <Text className={classes.text}>{review.text}</Text>
      {review.photos.length > 0 && (
        <div className={classes.strip}>
          {review.photos.map((p, i) => (
            <a key={p.hash} href={p.url} target="_blank" rel="noreferrer">
              <img
                {...pictureAttributes(p.url, 72)}
                alt={`Photo ${i + 1} of ${review.author}'s review`}
                className={classes.thumb}
                loading="lazy"
                width={72}
                height={72}
              />
            </a>
          ))}
        </div>
      )}
      {review.reply && (
        <div className={classes.reply} data-testid="seller-reply">
          <Text fz="sm" fw={700}>
            Reply from Bagshop
          </Text>
          <Text fz="sm" className={classes.text}>
            {review.reply.text}
          </Text>
        </div>
      )}
      {!own && (
        <Button
          variant={voted ? 'light' : 'subtle'}
          size="compact-sm"
          w="fit-content"
          leftSection={<IconThumbUp size={16} aria-hidden />}
          aria-pressed={voted}
          onClick={() => void vote()}
        >
          Helpful ({helpful})
        </Button>
      )}
    </Stack>
  );
}

const STATUS_TEXT: Record<OwnReview['status'], string> = {
  published: 'Published',
  held: 'Waiting for a check before it is published',
  rejected: 'Not published',
};

/** The shopper's own review with its state, or "Write a review" when they may write one. */
function OwnReviewBox({ productId, onChanged }: { productId: string; onChanged: () => void }) {
  const { user, loading } = useSession();
  const [state, setState] = useState<{ canReview: boolean; review: OwnReview | null } | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => {
    getEligibility(productId)
      .then(setState)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) console.error('Review eligibility', error);
        setState({ canReview: false, review: null });
      });
  }, [productId]);

  useEffect(() => {
    if (!user) {
      setState(null);
      return;
    }
    load();
  }, [user, load]);

  // Opened from the order page's "Review this bag" (#write-review).
  useEffect(() => {
    if (state?.canReview && window.location.hash === '#write-review') setEditing(true);
  }, [state]);

  if (loading) return null;
  if (!user) {
    return (
      <Text fz="sm" c="gray.7">
        <Anchor component={Link} to="/auth">
          Sign in
        </Anchor>{' '}
        to review a bag you bought.
      </Text>
    );
  }
  if (!state) return null;
  const done = (review: OwnReview) => {
    setEditing(false);
    setState({ canReview: false, review });
    onChanged();
  };
  if (editing) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading the review form" />}>
        <ReviewForm productId={productId} existing={state.review} onDone={done} onCancel={() => setEditing(false)} />
      </Suspense>
    );
  }
  const review = state.review;
  if (review) {
    const last = review.moderation.at(-1);
    const remove = async () => {
      if (!window.confirm('Delete your review?')) return;
      try {
        await deleteReview(productId);
        notify.success('Your review is deleted');
        setState(null);
        load();
        onChanged();
      } catch (error) {
        notify.error(errorMessage(error));
      }
    };
    return (
      <Alert
        color={review.status === 'published' ? 'teal' : review.status === 'held' ? 'yellow' : 'red'}
        title="Your review"
        data-testid="own-review"
      >
        <Stack gap={4}>
          <Text fz="sm">
            <b>{STATUS_TEXT[review.status]}</b>
            {review.status === 'held' &&
              review.holdReasons.length > 0 &&
              ` (${review.holdReasons.map((r) => HOLD_REASON_LABELS[r].toLowerCase()).join(', ')})`}
          </Text>
          {review.status === 'rejected' && last?.reason && <Text fz="sm">Reason: {last.reason}</Text>}
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
              Edit your review
            </Button>
            <Button size="compact-sm" variant="subtle" color="red.9" onClick={() => void remove()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (state.canReview) {
    return (
      <Button onClick={() => setEditing(true)} w="fit-content" id="write-review">
        Write a review
      </Button>
    );
  }
  return (
    <Text fz="sm" c="gray.7">
      Only buyers of this bag can review it, once it is delivered.
    </Text>
  );
}
