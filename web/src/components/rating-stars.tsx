import { ratingLabel } from '@bagshop/domain';
import { Group, Text } from '@mantine/core';
import classes from './rating-stars.module.css';

const STAR = 'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

function Row({ size }: { size: number }) {
  return (
    <span className={classes.row}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={STAR} fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

/**
 * Five stars filled to the rating (any fraction, e.g. 4.3), drawn without JavaScript state: the
 * filled row is clipped to the share of the width. Named for screen readers by `label`
 * ('4.3 out of 5 stars, 12 reviews'), or hidden when the caller names it.
 */
export function Stars({ value, size = 16, label }: { value: number; size?: number; label?: string | null }) {
  const share = `${(Math.min(5, Math.max(0, value)) / 5) * 100}%`;
  const named = label !== null;
  return (
    <span
      className={classes.stars}
      role={named ? 'img' : undefined}
      aria-label={named ? (label ?? `${value} out of 5 stars`) : undefined}
      aria-hidden={named ? undefined : true}
    >
      <span className={classes.empty}>
        <Row size={size} />
      </span>
      <span className={classes.filled} style={{ width: share }}>
        <Row size={size} />
      </span>
    </span>
  );
}

/** A card's or a title's rating: stars, the average and the number of reviews; nothing without reviews. */
export function RatingSummary({ rating, size = 16 }: { rating: { average: number; count: number } | undefined; size?: number }) {
  if (!rating || rating.count === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="rating-summary">
      <Stars value={rating.average} size={size} label={ratingLabel(rating)} />
      <Text span fz="sm" c="gray.7" aria-hidden>
        {rating.average.toFixed(1)} ({rating.count.toLocaleString('en-IN')})
      </Text>
    </Group>
  );
}
