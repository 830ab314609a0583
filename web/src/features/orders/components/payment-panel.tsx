import {
  formatINR,
  orderPaymentLabel,
  paymentPlanLabel,
  PAYMENT_STATUS_LABELS,
  type Order,
  type PaymentRefund,
  type PaymentStatus,
} from '@bagshop/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { paymentUrl } from '../api/orders-api';

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  unpaid: 'gray',
  paid: 'green',
  refund_pending: 'yellow',
  refunded: 'grape',
  failed: 'red',
};

const paise = (amount: number) => formatINR(amount / 100);

function dateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
}

function refundText(refund: PaymentRefund): string {
  if (refund.status === 'succeeded')
    return `Refunded ${paise(refund.amountPaise)} on ${dateTime(refund.refundedAt)}. It reaches your card in 5–7 working days.`;
  if (refund.status === 'failed') return `The refund of ${paise(refund.amountPaise)} did not go through; our team will contact you.`;
  return `Refund of ${paise(refund.amountPaise)} requested on ${dateTime(refund.requestedAt)}.`;
}

/** The order's payment for its shopper: method, status, a refund, and "Complete payment" while a card order waits. */
export function PaymentPanel({
  order,
  redirect = (url) => window.location.assign(url),
}: {
  order: Order;
  redirect?: (url: string) => void;
}) {
  const [starting, setStarting] = useState(false);
  const holdUntil = order.payment.holdUntil ? new Date(order.payment.holdUntil) : null;
  const awaiting =
    order.paymentMethod === 'ONLINE' &&
    order.status === 'pending' &&
    order.payment.status === 'unpaid' &&
    holdUntil !== null &&
    holdUntil.getTime() > Date.now();
  const extras = order.payment.extraPayments ?? [];

  const pay = async () => {
    setStarting(true);
    try {
      redirect(await paymentUrl(order._id));
    } catch (error) {
      notify.error(errorMessage(error, 'Payment initiation failed'));
      setStarting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-payment">
      <Title order={2} fz="lg" id="order-payment" mb="xs">
        Payment
      </Title>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm">{orderPaymentLabel(order.paymentMethod, order.payment.provider)}</Text>
          <Badge variant="outline" color={PAYMENT_STATUS_COLORS[order.payment.status]} data-testid="payment-status">
            {PAYMENT_STATUS_LABELS[order.payment.status]}
          </Badge>
        </Group>
        {order.payment.plan && (
          <Text size="sm" data-testid="payment-plan">
            Paid by {paymentPlanLabel(order.payment.plan)}
          </Text>
        )}
        {awaiting && holdUntil && (
          <>
            <Text size="sm" c="dimmed">
              Pay by {dateTime(holdUntil.toISOString())}; after that the order is cancelled and its items go back on sale.
            </Text>
            <Button onClick={() => void pay()} loading={starting}>
              Complete payment
            </Button>
          </>
        )}
        {order.payment.refund && (
          <Text size="sm" data-testid="refund-status">
            {refundText(order.payment.refund)}
          </Text>
        )}
        {(order.payment.refundedPaise ?? 0) > 0 && (
          <Text size="sm" data-testid="refunded-so-far">
            {paise(order.payment.refundedPaise ?? 0)} of {paise(Math.round(order.totalAmount * 100))} refunded for returned or refunded
            items.
          </Text>
        )}
        {extras.map((e, i) => (
          <Text size="sm" key={`${e.paymentIntentId ?? e.sessionId ?? 'extra'}-${i}`} c="dimmed">
            A further payment of {paise(e.amountPaise)} was not needed for this order.{' '}
            {e.refund ? refundText(e.refund) : 'Our team will refund it.'}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
