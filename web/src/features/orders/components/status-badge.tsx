import { statusColor, statusLabel, type OrderStatus } from '@bagshop/domain';
import { Badge } from '@mantine/core';

/** Colours of docs/decisions/0007-order-lifecycle.md: completed green, pending yellow, confirmed and shipped blue, cancelled red. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const color = statusColor(status);
  return (
    <Badge color={color} variant="light" c={color === 'yellow' ? 'yellow.9' : undefined} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
