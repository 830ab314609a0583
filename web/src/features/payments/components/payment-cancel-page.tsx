import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { docIdSchema, formatINR, type Order } from '@bagshop/domain';
import { apiData, apiRequest, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { cancelOrder } from '../../../lib/cancel-order';
import { PaymentCard, PaymentOutcome } from './payment-outcome';

/**
 * /payment-cancel?order_id=…: the shopper left the payment page without paying. Opening the
 * page changes nothing (a link must never cancel an order, issue 24): it shows the order with
 * **Try again** (the same order's payment page again, while its hold lasts) and **Cancel
 * order** (asks first; its stock goes back on sale at once).
 */
export default function PaymentCancelPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const { user, loading } = useSession();
  const [order, setOrder] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (loading || !user || !orderId || !docIdSchema.safeParse(orderId).success) return;
    let live = true;
    apiData<Order>(`order/${encodeURIComponent(orderId)}`).then(
      (o) => live && setOrder(o),
      () => live && setOrder(null),
    );
    return () => {
      live = false;
    };
  }, [orderId, loading, user]);

  const payable = order?.status === 'pending' && order.paymentMethod === 'ONLINE' && order.payment?.status === 'unpaid';

  const tryAgain = async () => {
    if (!order) return;
    setBusy(true);
    try {
      const res = await apiRequest<{ success: boolean; url?: string; message?: string }>('payment', {
        method: 'POST',
        body: { orderId: order._id },
      });
      if (!res.url) throw new Error(res.message || 'Payment initiation failed');
      window.location.assign(res.url);
    } catch (error) {
      notify.error(errorMessage(error, 'Payment initiation failed'));
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!order) return;
    setBusy(true);
    try {
      setOrder(await cancelOrder(order._id));
      notify.success('Order cancelled');
    } catch (error) {
      notify.error(errorMessage(error, 'The order could not be cancelled'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const text =
    order?.status === 'cancelled'
      ? 'No money was taken. The order is cancelled and its items are back on sale.'
      : payable
        ? `No money was taken. Your order of ${formatINR(order.totalAmount)} is waiting for payment${order.payment?.holdUntil ? ` until ${new Date(order.payment.holdUntil).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })}` : ''}: try again, or cancel it.`
        : 'No money was taken. Your cart still has your items, so you can try again whenever you are ready.';

  return (
    <PaymentCard>
      <PaymentOutcome color="orange" icon={IconCircleX} title="Payment Cancelled" text={text} live>
        {payable ? (
          <>
            <Button onClick={() => void tryAgain()} loading={busy && !confirming}>
              Try again
            </Button>
            <Button variant="default" color="red" onClick={() => setConfirming(true)} disabled={busy}>
              Cancel order
            </Button>
          </>
        ) : (
          <Button component={Link} to="/cart">
            Return to Cart
          </Button>
        )}
      </PaymentOutcome>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel this order?" centered>
        <Stack>
          <Text size="sm">The order is cancelled and its items go back on sale. Nothing has been paid.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep order
            </Button>
            <Button color="red" onClick={() => void cancel()} loading={busy}>
              Cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PaymentCard>
  );
}
