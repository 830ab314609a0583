import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX, type OwnReview } from '@bagshop/domain';
import { Button, FileInput, Group, Input, Paper, Rating, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { submitReview } from '../../api/reviews';

interface Problems {
  rating?: string;
  title?: string;
  text?: string;
  photos?: string;
}

/** The same checks as the server's schema (domain/src/schemas/reviews.ts), without loading zod here. */
function check(rating: number, title: string, text: string, photos: File[]): Problems {
  const p: Problems = {};
  if (rating < 1) p.rating = REVIEW_MESSAGES.ratingRequired;
  if (!title.trim()) p.title = REVIEW_MESSAGES.titleRequired;
  else if (title.trim().length > REVIEW_TITLE_MAX) p.title = REVIEW_MESSAGES.titleTooLong;
  const t = text.trim();
  if (!t) p.text = REVIEW_MESSAGES.textRequired;
  else if (t.length < REVIEW_TEXT_MIN) p.text = REVIEW_MESSAGES.textTooShort;
  else if (t.length > REVIEW_TEXT_MAX) p.text = REVIEW_MESSAGES.textTooLong;
  if (photos.length > MAX_REVIEW_PHOTOS) p.photos = REVIEW_MESSAGES.tooManyPhotos;
  return p;
}

/** Write (or edit) a review: stars, title, text and up to three photos. */
export default function ReviewForm({
  productId,
  existing,
  onDone,
  onCancel,
}: {
  productId: string;
  existing: OwnReview | null;
  onDone: (review: OwnReview) => void;
  onCancel: () => void;
}) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [text, setText] = useState(existing?.text ?? '');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(rating, title, text, photos);
    setProblems(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    form.append('rating', String(rating));
    form.append('title', title.trim());
    form.append('text', text.trim());
    for (const photo of photos) form.append('photos', photo, photo.name);
    setSaving(true);
    try {
      const { review, message } = await submitReview(productId, form, existing !== null);
      notify.success(message);
      onDone(review);
    } catch (error) {
      notify.error(errorMessage(error, 'Your review could not be saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="review-form-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="review-form-title">
          {existing ? 'Edit your review' : 'Write a review'}
        </Title>
        <Input.Wrapper label="Your rating" required error={problems.rating} id="review-rating-label">
          <Rating
            value={rating}
            onChange={setRating}
            size="lg"
            getSymbolLabel={(v) => (v === 1 ? '1 star' : `${v} stars`)}
            data-testid="review-rating"
          />
        </Input.Wrapper>
        <TextInput
          label="Title"
          required
          maxLength={REVIEW_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={problems.title}
        />
        <Textarea
          label="Your review"
          description={`What did you like or dislike? ${REVIEW_TEXT_MIN}–${REVIEW_TEXT_MAX} characters.`}
          required
          autosize
          minRows={4}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={problems.text}
        />
        <FileInput
          label="Photos"
          description={`Up to ${MAX_REVIEW_PHOTOS} pictures (JPEG, PNG or WebP, at most 5 MB each)${existing?.photos.length ? '; new photos replace the old ones' : ''}`}
          placeholder="Add photos"
          multiple
          clearable
          accept="image/jpeg,image/png,image/webp"
          leftSection={<IconPhoto size={18} aria-hidden />}
          value={photos}
          onChange={setPhotos}
          error={problems.photos}
        />
        <Text fz="xs" c="gray.7">
          Reviews are published at once unless they contain a phone number, an email address, a link or a blocked word; those wait for a
          check. Your first name and last initial are shown.
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {existing ? 'Save changes' : 'Submit review'}
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
