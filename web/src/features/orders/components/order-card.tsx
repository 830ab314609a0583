import {
  addressLine,
  deliveryByLabel,
  formatDateIN,
  formatINR,
  lineTotal,
  nameWithVariant,
  shortOrderId,
  type Order,
} from '@bagshop/domain';
import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { pictureAttributes } from '../../../lib/picture';

const SHOWN_ITEMS = 2;

export function OrderCard({ order }: { order: Order }) {
  const first = order.items[0];
  const more = order.items.length - SHOWN_ITEMS;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Order #${shortOrderId(order._id)}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {first && (
          <Image
            {...pictureAttributes(first.product.image.url, 96)}
            alt=""
            w={{ base: 64, sm: 96 }}
            h={{ base: 64, sm: 96 }}
            radius="sm"
            fit="cover"
            bg="gray.1"
            style={{ flexShrink: 0 }}
          />
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={700}>Order #{shortOrderId(order._id)}</Text>
            <StatusBadge status={order.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {addressLine(order.shippingAddress)}
          </Text>
          {order.delivery && order.status !== 'cancelled' && order.status !== 'completed' && (
            <Text size="sm" fw={600} c="green.9" data-testid="order-delivery">
              {deliveryByLabel(order.delivery.deliverBy)}
            </Text>
          )}
          <Stack gap={2}>
            {order.items.slice(0, SHOWN_ITEMS).map((item) => (
              <Group key={item.variantId ?? item._id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" lineClamp={2}>
                  {nameWithVariant(item.name, item.variantLabel)} × {item.quantity}
                </Text>
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatINR(lineTotal(item))}
                </Text>
              </Group>
            ))}
            {more > 0 && (
              <Text size="sm" c="dimmed">
                + {more} more item{more === 1 ? '' : 's'}
              </Text>
            )}
          </Stack>
          <Group justify="space-between" mt={4} wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {formatDateIN(order.createdAt)}
            </Text>
            <Group gap="sm">
              <Text fw={700}>{formatINR(order.totalAmount)}</Text>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`/orders/${order._id}`}
                aria-label={`View order #${shortOrderId(order._id)}`}
              >
                View
              </Button>
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
