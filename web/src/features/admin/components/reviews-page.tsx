import {
  formatDateIN,
  HOLD_REASON_LABELS,
  REVIEW_REASON_MIN,
  REVIEW_REPLY_MAX,
  type AdminReview,
  type ReviewStatus,
} from '@bagshop/domain';
import { Badge, Button, Card, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Stars } from '../../../components/rating-stars';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { decideReview, getAdminReviews, getProductsForReviews, replyToReview } from '../api/reviews-admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { PageHeader } from './page-header';
import { pictureAttributes } from '../../../lib/picture';

const STATUS_BADGE: Record<ReviewStatus, { color: string; label: string }> = {
  held: { color: 'orange', label: 'Held' },
  published: { color: 'green', label: 'Published' },
  rejected: { color: 'red', label: 'Rejected' },
};

type Filter = 'all' | ReviewStatus;

/**
 * /admin/reviews: the moderation queue (held first) and, with ?productId=, one product's
 * reviews. Rating never decides moderation: a held review shows no stars until it is decided.
 * Rejecting, or taking down a published review, needs a stated policy reason that the author sees.
 */
export function ReviewsPage() {
  useAdminTitle('Reviews');
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId');
  const filter = (params.get('status') ?? 'all') as Filter;
  const reviews = useLoad(
    () => getAdminReviews(filter === 'all' ? null : filter, productId),
    (error) => notify.error(errorMessage(error, 'Failed to load the reviews')),
  );
  const products = useLoad(getProductsForReviews);
  const [rejecting, setRejecting] = useState<AdminReview | null>(null);
  const [replying, setReplying] = useState<AdminReview | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const { reload } = reviews;

  useEffect(() => {
    void reload();
  }, [filter, productId, reload]);

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const publish = async (review: AdminReview) => {
    setPending(review._id);
    try {
      await decideReview(review._id, 'published');
      notify.success('Review published');
      await reload();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to publish the review'));
    } finally {
      setPending(null);
    }
  };

  const list = reviews.data ?? [];
  const held = list.filter((r) => r.status === 'held').length;
  return (
    <Stack gap="lg">
      <PageHeader title="Reviews" subtitle={reviews.data ? `${held} held for a decision · ${list.length} shown` : undefined} />
      <Group gap="md" align="end" wrap="wrap">
        <SegmentedControl
          aria-label="Show reviews"
          value={filter}
          onChange={(v) => set('status', v === 'all' ? null : v)}
          data={[
            { value: 'all', label: 'All (held first)' },
            { value: 'held', label: 'Held' },
            { value: 'published', label: 'Published' },
            { value: 'rejected', label: 'Rejected' },
          ]}
        />
        <NativeSelect
          label="Product"
          value={productId ?? ''}
          onChange={(e) => set('productId', e.currentTarget.value || null)}
          data={[{ value: '', label: 'All products' }, ...(products.data ?? []).map((p) => ({ value: p._id, label: p.name }))]}
          w={280}
        />
      </Group>
      {reviews.loading && !reviews.data ? (
        <Text>Loading reviews…</Text>
      ) : list.length === 0 ? (
        <Text c="gray.7">No reviews here.</Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviews">
          {list.map((r) => (
            <Card key={r._id} withBorder radius="md" component="li" data-testid="admin-review">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Badge color={STATUS_BADGE[r.status].color} variant="light">
                      {STATUS_BADGE[r.status].label}
                    </Badge>
                    {r.rating === null ? (
                      <Text fz="sm" c="gray.7">
                        Stars hidden until decided
                      </Text>
                    ) : (
                      <Stars value={r.rating} label={`${r.rating} out of 5 stars`} />
                    )}
                  </Group>
                  <Text fz="sm" c="gray.7">
                    {r.productName} · {r.author} · {formatDateIN(r.createdAt)}
                    {r.edited ? ' · edited' : ''}
                  </Text>
                </Group>
                <Title order={3} fz="md">
                  {r.title}
                </Title>
                <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {r.text}
                </Text>
                {r.photos.length > 0 && (
                  <Group gap={6}>
                    {r.photos.map((p, i) => (
                      <a key={p.hash} href={p.url} target="_blank" rel="noreferrer">
                        <img
                          {...pictureAttributes(p.url, 56)}
                          alt={`Photo ${i + 1}`}
                          width={56}
                          height={56}
                          style={{ objectFit: 'cover', borderRadius: 4 }}
                        />
                      </a>
                    ))}
                  </Group>
                )}
                {r.status === 'held' && r.holdReasons.length > 0 && (
                  <Text fz="sm" c="orange.9">
                    Held: {r.holdReasons.map((h) => HOLD_REASON_LABELS[h]).join('; ')}
                  </Text>
                )}
                {r.moderation
                  .filter((m) => m.reason)
                  .map((m) => (
                    <Text key={`${m.at}-${m.status}`} fz="sm" c="gray.7">
                      {formatDateIN(m.at)}: {m.status} — {m.reason}
                    </Text>
                  ))}
                {r.reply && (
                  <Text fz="sm" style={{ borderLeft: '3px solid var(--mantine-color-blue-3)', paddingLeft: 8 }}>
                    <b>Your reply:</b> {r.reply.text}
                  </Text>
                )}
                <Group gap="xs" mt={4}>
                  {r.status !== 'published' && (
                    <Button size="xs" loading={pending === r._id} onClick={() => void publish(r)}>
                      Publish
                    </Button>
                  )}
                  {r.status !== 'rejected' && (
                    <Button size="xs" variant="light" color="red.9" onClick={() => setRejecting(r)}>
                      {r.status === 'published' ? 'Unpublish' : 'Reject'}
                    </Button>
                  )}
                  <Button size="xs" variant="default" onClick={() => setReplying(r)}>
                    {r.reply ? 'Edit reply' : 'Reply'}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <RejectDialog review={rejecting} onClose={() => setRejecting(null)} onDone={() => void reload()} />
      <ReplyDialog review={replying} onClose={() => setReplying(null)} onDone={() => void reload()} />
    </Stack>
  );
}

/** A dialog's save: shows the server's message in the form, else says so and closes. */
function useDialogSave(onClose: () => void, onDone: () => void) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (action: () => Promise<unknown>, success: string) => {
    setSaving(true);
    try {
      await action();
      notify.success(success);
      onClose();
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return { saving, problem, setProblem, save };
}

function RejectDialog({ review, onClose, onDone }: { review: AdminReview | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const { saving, problem, setProblem, save } = useDialogSave(onClose, onDone);
  useEffect(() => {
    setReason('');
    setProblem(null);
  }, [review, setProblem]);
  const unpublish = review?.status === 'published';
  const submit = async () => {
    if (!review) return;
    if (reason.trim().length < REVIEW_REASON_MIN) {
      setProblem('Give the policy reason for rejecting this review (at least 10 characters)');
      return;
    }
    await save(() => decideReview(review._id, 'rejected', reason.trim()), 'Review rejected; the author has been told why');
  };
  return (
    <Modal opened={review !== null} onClose={onClose} title={unpublish ? 'Unpublish this review' : 'Reject this review'}>
      <Stack gap="sm">
        <Text fz="sm">
          Reviews are never taken down for being negative. State the policy the review breaks (personal details, advertising, offensive
          language, not about the product): the reason is logged and shown to the author.
        </Text>
        <Textarea
          label="Policy reason"
          required
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={problem}
        />
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" loading={saving} onClick={() => void submit()}>
            {unpublish ? 'Unpublish' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReplyDialog({ review, onClose, onDone }: { review: AdminReview | null; onClose: () => void; onDone: () => void }) {
  const [text, setText] = useState('');
  const { saving, problem, setProblem, save } = useDialogSave(onClose, onDone);
  useEffect(() => {
    setText(review?.reply?.text ?? '');
    setProblem(null);
  }, [review, setProblem]);
  const submit = async () => {
    if (!review) return;
    await save(() => replyToReview(review._id, text.trim()), 'Reply saved');
  };
  return (
    <Modal opened={review !== null} onClose={onClose} title="Reply publicly">
      <Stack gap="sm">
        <Textarea
          label="Your reply"
          description="Shown under the review on the product page"
          required
          autosize
          minRows={3}
          maxLength={REVIEW_REPLY_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={problem}
        />
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => void submit()}>
            Post reply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
