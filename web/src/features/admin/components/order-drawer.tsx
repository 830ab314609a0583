import {
  creditNoteDue,
  DELIVERY_ZONE_LABELS,
  deliveryRangeLabel,
  formatDateTimeIN,
  formatINR,
  invoiceMissing,
  lineTotal,
  nextStatuses,
  orderPaymentLabel,
  paymentPlanLabel,
  PAYMENT_STATUS_LABELS,
  paymentAllowsMove,
  salePrice,
  shortOrderId,
  statusLabel,
  type Order,
  type OrderStatus,
  type PaymentRefund,
} from '@bagshop/domain';
import { Alert, Avatar, Badge, Button, Divider, Drawer, Group, List, Modal, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { TaxDocuments } from '../../../components/tax-documents';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { issueCreditNote, issueInvoice, setOrderStatus } from '../api/admin-api';
import { customerName, orderAddressLine } from './order-format';
import { StatusBadge } from '../../../components/status-badge';
import { OrderFulfilment } from './order-fulfilment';
import { EinvoiceStatus } from './einvoice-status';
import { pictureAttributes } from '../../../lib/picture';

const ACTION_LABELS: Record<OrderStatus, string> = {
  pending: 'Mark as Pending',
  confirmed: 'Mark as Confirmed',
  shipped: 'Mark as Shipped',
  out_for_delivery: 'Mark as Out for delivery',
  delivery_failed: 'Mark as Delivery failed',
  completed: 'Mark as Delivered',
  returned_to_origin: 'Mark as Returned to origin',
  cancelled: 'Cancel order',
};

const PAYMENT_COLORS = { unpaid: 'gray', paid: 'green', refund_pending: 'yellow', refunded: 'grape', failed: 'red' } as const;

const paise = (amount: number) => formatINR(amount / 100);

function refundLine(refund: PaymentRefund): string {
  const id = refund.id ? ` · ${refund.id}` : ' · not yet sent to Stripe';
  if (refund.status === 'succeeded')
    return `Refunded ${paise(refund.amountPaise)} ${formatDateTimeIN(refund.refundedAt ?? refund.requestedAt)}${id}`;
  if (refund.status === 'failed') return `Refund of ${paise(refund.amountPaise)} FAILED: refund by hand in Stripe${id}`;
  return `Refund of ${paise(refund.amountPaise)} pending since ${formatDateTimeIN(refund.requestedAt)}${id}`;
}

/** Every detail of one order and the status moves the lifecycle allows from here. */
export function OrderDrawer({
  order,
  onClose,
  onChanged,
}: {
  order: Order | null;
  onClose: () => void;
  onChanged: (order: Order) => void;
}) {
  const [saving, setSaving] = useState<OrderStatus | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const move = async (status: OrderStatus) => {
    if (!order) return;
    setSaving(status);
    try {
      const updated = await setOrderStatus(order._id, status);
      onChanged(updated);
      notify.success(status === 'cancelled' ? 'Order cancelled' : `Order marked as ${statusLabel(status)}`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to update the order'));
    } finally {
      setSaving(null);
      setConfirmCancel(false);
    }
  };

  const [issuing, setIssuing] = useState<'invoice' | 'credit-note' | null>(null);
  const issue = async (kind: 'invoice' | 'credit-note') => {
    if (!order) return;
    setIssuing(kind);
    try {
      const updated = await (kind === 'invoice' ? issueInvoice(order._id) : issueCreditNote(order._id));
      onChanged(updated);
      notify.success(kind === 'invoice' ? 'Invoice issued' : 'Credit note issued');
    } catch (error) {
      notify.error(errorMessage(error, kind === 'invoice' ? 'Could not issue the invoice' : 'Could not issue the credit note'));
    } finally {
      setIssuing(null);
    }
  };

  return (
    <Drawer
      opened={order !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={order ? <Title order={3}>Order #{shortOrderId(order._id)}</Title> : null}
    >
      {order && (
        <Stack gap="md">
          <Group justify="space-between">
            <StatusBadge status={order.status} size="lg" radius="sm" />
            <Text size="sm" c="dimmed">
              Placed {formatDateTimeIN(order.createdAt)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {order._id}
          </Text>

          {(order.attention?.length ?? 0) > 0 && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="Needs attention"
              data-testid="order-attention"
              style={{ overflowWrap: 'anywhere' }}
            >
              <List size="sm" spacing={4}>
                {order.attention?.map((a, i) => (
                  <List.Item key={`${a.code}-${i}`}>
                    {a.message}{' '}
                    <Text span size="xs" c="gray.8">
                      ({formatDateTimeIN(a.at)})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}

          {nextStatuses(order.status).length > 0 && (
            <Group gap="sm" aria-label="Status actions">
              {nextStatuses(order.status).map((next) => (
                <Button
                  key={next}
                  color={next === 'cancelled' ? 'red' : 'blue'}
                  variant={next === 'cancelled' ? 'outline' : 'filled'}
                  loading={saving === next}
                  disabled={(saving !== null && saving !== next) || !paymentAllowsMove(order.paymentMethod, order.payment.status, next)}
                  title={paymentAllowsMove(order.paymentMethod, order.payment.status, next) ? undefined : 'Waiting for the card payment'}
                  onClick={() => (next === 'cancelled' ? setConfirmCancel(true) : void move(next))}
                >
                  {ACTION_LABELS[next]}
                </Button>
              ))}
            </Group>
          )}

          <OrderFulfilment order={order} onChanged={onChanged} />

          <Divider label="Customer" labelPosition="left" />
          <div>
            <Text fw={600}>{customerName(order)}</Text>
            <Text size="sm">{order.user?.email}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {order.userId}
            </Text>
          </div>

          <Divider label={`Items (${order.items.length})`} labelPosition="left" />
          <Table verticalSpacing={6} aria-label="Order lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={item.variantId ?? item._id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={item.product.image.url || null}
                        imageProps={pictureAttributes(item.product.image.url, 40)}
                        radius="sm"
                        size={40}
                        alt=""
                      />
                      <div>
                        <Text size="sm" fw={500} lineClamp={2}>
                          {item.name}
                        </Text>
                        {item.variantLabel && (
                          <Text size="xs" c="dimmed" data-testid="item-variant">
                            {item.variantLabel} · SKU {item.sku}
                          </Text>
                        )}
                        {item.discount > 0 && (
                          <Text size="xs" c="dimmed">
                            {formatINR(item.price)} − {formatINR(item.discount)} off
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">{formatINR(salePrice(item.price, item.discount))}</Table.Td>
                  <Table.Td ta="right">{formatINR(lineTotal(item))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={2} align="flex-end">
            {order.subtotal > order.totalAmount && (
              <Text size="sm" c="dimmed">
                Subtotal {formatINR(order.subtotal)} · Discounts −{formatINR(order.subtotal - order.totalAmount)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Shipping: Free
            </Text>
            <Text fw={800} fz="lg">
              Total {formatINR(order.totalAmount)}
            </Text>
          </Stack>

          <Divider label="Shipping address" labelPosition="left" />
          <div>
            <Text size="sm">{orderAddressLine(order)}</Text>
            <Text size="sm">{order.shippingAddress?.country}</Text>
            {order.shippingAddress?.landmark && (
              <Text size="sm" c="dimmed">
                Landmark: {order.shippingAddress.landmark}
              </Text>
            )}
            {order.delivery && (
              <Text size="sm">
                Promised delivery: {deliveryRangeLabel(order.delivery.deliverBy)} ({DELIVERY_ZONE_LABELS[order.delivery.zone]},{' '}
                {order.delivery.days.min}–{order.delivery.days.max} working days)
              </Text>
            )}
          </div>

          <Divider label="Payment" labelPosition="left" />
          <Group gap="sm">
            <Text size="sm">{orderPaymentLabel(order.paymentMethod, order.payment.provider)}</Text>
            <Badge variant="light" color={PAYMENT_COLORS[order.payment?.status ?? 'unpaid'] ?? 'gray'} data-testid="admin-payment-status">
              {PAYMENT_STATUS_LABELS[order.payment?.status ?? 'unpaid'] ?? order.payment?.status}
            </Badge>
            {order.payment?.plan && (
              <Text size="sm" data-testid="admin-payment-plan">
                {paymentPlanLabel(order.payment.plan)}
              </Text>
            )}
            {order.payment?.paidAt && (
              <Text size="sm" c="dimmed">
                paid {formatDateTimeIN(order.payment.paidAt)}
              </Text>
            )}
          </Group>
          {order.paymentMethod === 'ONLINE' &&
            order.status === 'pending' &&
            order.payment?.status === 'unpaid' &&
            order.payment.holdUntil && (
              <Text size="sm" c="dimmed">
                Stock held until {formatDateTimeIN(order.payment.holdUntil)}, then the order is cancelled unless paid.
              </Text>
            )}
          {order.payment?.refund && (
            <Text size="sm" data-testid="admin-refund">
              {refundLine(order.payment.refund)}
            </Text>
          )}
          {(order.payment?.extraPayments ?? []).map((e, i) => (
            <Text size="sm" key={`${e.paymentIntentId ?? e.sessionId ?? 'extra'}-${i}`}>
              Extra payment {paise(e.amountPaise)} ({e.reason}):{' '}
              {e.refund ? refundLine(e.refund) : 'no refund could be made: refund by hand'}
            </Text>
          ))}

          <Divider label="Tax invoice" labelPosition="left" />
          {order.buyer && (
            // A business buyer (issue 41, docs/gst-b2b.md): a B2B invoice.
            <Text size="sm" data-testid="admin-buyer-gstin">
              Business buyer: {order.buyer.legalName}, GSTIN {order.buyer.gstin}
            </Text>
          )}
          <EinvoiceStatus order={order} onChanged={onChanged} />
          {creditNoteDue(order) && (
            <Group gap="sm">
              <Text size="sm">The whole payment was refunded after dispatch: the invoice needs its credit note.</Text>
              <Button size="xs" loading={issuing === 'credit-note'} onClick={() => void issue('credit-note')}>
                Issue credit note
              </Button>
            </Group>
          )}
          {invoiceMissing(order) && (
            <Button size="xs" w="fit-content" loading={issuing === 'invoice'} onClick={() => void issue('invoice')}>
              Issue invoice
            </Button>
          )}
          {order.invoice ? (
            <TaxDocuments order={order} />
          ) : (
            <Text size="sm" c="dimmed" aria-live="polite">
              {order.invoicePending
                ? 'Invoice being prepared (numbered in a moment; the order can ship once it has it).'
                : order.status === 'pending'
                  ? 'Issued when the order is confirmed.'
                  : order.status === 'cancelled'
                    ? 'Never invoiced (cancelled before confirmation).'
                    : 'No invoice on this order (confirmed before invoicing existed, or the seller settings were missing).'}
            </Text>
          )}

          <Divider label="Status history" labelPosition="left" />
          <Timeline active={(order.statusHistory?.length ?? 1) - 1} bulletSize={14} lineWidth={2}>
            {(order.statusHistory ?? []).map((change, i) => (
              <Timeline.Item key={`${change.status}-${i}`} title={statusLabel(change.status)}>
                <Text size="xs" c="dimmed">
                  {formatDateTimeIN(change.at)}
                  {change.by ? ` · by ${change.by === order.userId ? 'customer' : change.by}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}

      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title="Cancel order" centered>
        <Text size="sm">
          Cancel order #{order ? shortOrderId(order._id) : ''}? Its items go back into stock.
          {order?.payment?.status === 'paid' ? ` The card payment of ${formatINR(order.totalAmount)} is refunded through Stripe.` : ''} This
          cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmCancel(false)}>
            Keep order
          </Button>
          <Button color="red" loading={saving === 'cancelled'} onClick={() => void move('cancelled')}>
            Yes, cancel order
          </Button>
        </Group>
      </Modal>
    </Drawer>
  );
}
