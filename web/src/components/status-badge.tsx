import { statusColor, statusLabel, type OrderStatus } from '@bagshop/domain';
import { Badge, type MantineRadius, type MantineSize } from '@mantine/core';

/**
 * An order status in the lifecycle's colours (decision 0007: completed green, pending yellow,
 * confirmed and shipped blue, cancelled red); the domain decides them, so every page agrees.
 * The shopper's pages use the defaults; the admin pages pass `radius="sm"`.
 */
export function StatusBadge({ status, size, radius }: { status: OrderStatus; size?: MantineSize; radius?: MantineRadius }) {
  const color = statusColor(status);
  return (
    <Badge color={color} c={color === 'yellow' ? 'yellow.9' : undefined} variant="light" size={size} radius={radius} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
