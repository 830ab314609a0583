import { statusColor, statusLabel, type OrderStatus } from '@bagshop/domain';
import { Badge } from '@mantine/core';

/** An order status in the DESIGN §3 colours (the domain decides them, so every page agrees). */
export function StatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={statusColor(status)} variant="light" size={size} radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}
