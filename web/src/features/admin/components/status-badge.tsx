import { statusColor, statusLabel, type OrderStatus } from '@bagshop/domain';
import { Badge } from '@mantine/core';

/** An order status in the colours of docs/decisions/0007-order-lifecycle.md (the domain decides them, so every page agrees). */
export function StatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  const color = statusColor(status);
  return (
    <Badge color={color} c={color === 'yellow' ? 'yellow.9' : undefined} variant="light" size={size} radius="sm" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
