import {
  canShopperCancel,
  deliveryRangeLabel,
  DELIVERY_SPEED_LABELS,
  formatDateIN,
  formatINR,
  lineTotal,
  salePrice,
  shortOrderId,
  statusLabel,
  type Order,
} from '@bagshop/domain';
import {
  Anchor,
  Button,
  Center,
  Container,
  Divider,
  Grid,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TaxDocuments } from '../../../components/tax-documents';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { cancelOrder } from '../../../lib/cancel-order';
import { useLiveOrder } from '../use-live-orders';
import { PaymentPanel } from './payment-panel';
import { FulfilmentPanel } from './fulfilment-panel';
import { ReturnsPanel } from './returns-panel';
import { StatusBadge } from '../../../components/status-badge';
import { pictureAttributes } from '../../../lib/picture';

function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
}

function OrderDetail({ order }: { order: Order }) {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const address = order.shippingAddress;
  // The delivery fee (express, issue 40) is part of the total: the goods are the rest.
  const deliveryFee = order.delivery?.fee ?? 0;

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelOrder(order._id);
      notify.success('Order cancelled');
      setConfirming(false);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to cancel order'));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Order #{shortOrderId(order._id)}
          </Title>
          <Text c="dimmed" size="sm">
            Placed on {formatDateIN(order.createdAt)}
          </Text>
        </div>
        <Group gap="sm">
          <StatusBadge status={order.status} />
          {canShopperCancel(order.status) && (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Cancel Order
            </Button>
          )}
        </Group>
      </Group>

      <FulfilmentPanel order={order} />
      <ReturnsPanel order={order} />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-items">
            <Title order={2} fz="lg" id="order-items" mb="sm">
              Items
            </Title>
            <Stack gap="sm">
              {order.items.map((item) => (
                <Group key={item.variantId ?? item._id} wrap="nowrap" align="flex-start" gap="sm">
                  <Image
                    {...pictureAttributes(item.product.image.url, 64)}
                    alt=""
                    w={64}
                    h={64}
                    radius="sm"
                    fit="cover"
                    bg="gray.1"
                    style={{ flexShrink: 0 }}
                  />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Anchor component={Link} to={`/product/${item.product._id}`} c="dark" fw={600} lineClamp={2}>
                      {item.name}
                    </Anchor>
                    {item.variantLabel && (
                      <Text size="sm" c="dimmed" data-testid="item-variant">
                        {item.variantLabel} · SKU {item.sku}
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      {formatINR(salePrice(item.price, item.discount))} × {item.quantity}
                      {item.discount > 0 && ` (was ${formatINR(item.price)})`}
                    </Text>
                    {order.status === 'completed' && (
                      <Anchor component={Link} to={`/product/${item.product._id}#write-review`} size="sm" fw={600}>
                        Review this bag<VisuallyHidden>: {item.name}</VisuallyHidden>
                      </Anchor>
                    )}
                  </div>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatINR(lineTotal(item))}
                  </Text>
                </Group>
              ))}
              <Divider />
              <Group justify="space-between">
                <Text size="sm">Items subtotal</Text>
                <Text size="sm">{formatINR(order.subtotal)}</Text>
              </Group>
              {order.subtotal > order.totalAmount - deliveryFee && (
                <Group justify="space-between">
                  <Text size="sm">Discount</Text>
                  <Text size="sm" c="green.8">
                    −{formatINR(order.subtotal - (order.totalAmount - deliveryFee))}
                  </Text>
                </Group>
              )}
              <Group justify="space-between" data-testid="order-shipping">
                <Text size="sm">{order.delivery?.speed === 'express' ? DELIVERY_SPEED_LABELS.express : 'Shipping'}</Text>
                {deliveryFee > 0 ? (
                  <Text size="sm">{formatINR(deliveryFee)}</Text>
                ) : (
                  <Text size="sm" c="green.8">
                    Free
                  </Text>
                )}
              </Group>
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <Text fw={700}>{formatINR(order.totalAmount)}</Text>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-address">
              <Title order={2} fz="lg" id="order-address" mb="xs">
                Shipping address
              </Title>
              <Text size="sm">{address.street}</Text>
              {address.landmark && <Text size="sm">Landmark: {address.landmark}</Text>}
              <Text size="sm">
                {address.city}, {address.state} {address.postalCode}
              </Text>
              <Text size="sm">{address.country}</Text>
              {order.delivery && (
                <Text size="sm" mt="xs" data-testid="order-delivery">
                  <b>Promised delivery{order.delivery.speed === 'express' ? ' (express)' : ''}:</b>{' '}
                  {deliveryRangeLabel(order.delivery.deliverBy)}
                </Text>
              )}
            </Paper>
            <PaymentPanel order={order} />
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-invoice">
              <Title order={2} fz="lg" id="order-invoice" mb="xs">
                Tax invoice
              </Title>
              {order.invoice ? (
                <TaxDocuments order={order} />
              ) : (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {order.invoicePending
                    ? 'Your GST invoice is being prepared: it appears here in a moment.'
                    : order.status === 'pending'
                      ? 'Your GST invoice will be ready to download once the order is confirmed.'
                      : order.status === 'cancelled'
                        ? 'No invoice: the order was cancelled before it was confirmed.'
                        : 'No invoice was issued for this order. Contact us if you need one.'}
                </Text>
              )}
            </Paper>
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-history">
              <Title order={2} fz="lg" id="order-history" mb="sm">
                Status history
              </Title>
              <Timeline active={order.statusHistory.length - 1} bulletSize={14} lineWidth={2}>
                {order.statusHistory.map((change, i) => (
                  <Timeline.Item key={`${change.status}-${i}`} title={statusLabel(change.status)}>
                    <Text size="xs" c="dimmed">
                      {dateTime(change.at)}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel Order" centered>
        <Text>Are you sure you want to cancel this order? The items go back on sale.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep Order
          </Button>
          <Button color="red" onClick={cancel} loading={cancelling}>
            Cancel Order
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

export function OrderDetailPage({ id }: { id: string }) {
  const { status, order } = useLiveOrder(id);
  return (
    <Container size="lg" py="lg" px="md">
      <Anchor component={Link} to="/orders" size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden /> All orders
      </Anchor>
      {status === 'loading' ? (
        <Center py={80}>
          <Loader aria-label="Loading the order" />
        </Center>
      ) : order ? (
        <OrderDetail order={order} />
      ) : (
        <Stack align="center" py={64} gap="md" ta="center">
          <Title order={1} fz="xl">
            Order not found
          </Title>
          <Text c="dimmed">This order does not exist or is not yours.</Text>
          <Button component={Link} to="/orders">
            My Orders
          </Button>
        </Stack>
      )}
    </Container>
  );
}
