import { awaitsCodConfirmation, formatDateTimeIN, type Order } from '@bagshop/domain';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ShipmentTracking } from '../../../components/shipment-tracking';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { confirmCodByPhone, getOrder, shipOrder } from '../api/admin-api';

/**
 * The admin's fulfilment controls in the order drawer (docs/fulfilment.md): a COD order waiting
 * for its shopper ("Confirmed by phone"), Ship (booked with the courier, or courier and AWB typed),
 * an open failed delivery, and the parcel's tracking with its label.
 */
export function OrderFulfilment({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const [busy, setBusy] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [courier, setCourier] = useState('');
  const [awb, setAwb] = useState('');
  const [weight, setWeight] = useState<number | string>('');

  const phone = async () => {
    setBusy(true);
    try {
      onChanged(await confirmCodByPhone(order._id));
      notify.success('Recorded as confirmed by phone');
    } catch (error) {
      notify.error(errorMessage(error, 'Could not record the confirmation'));
    } finally {
      setBusy(false);
    }
  };

  const ship = async () => {
    setBusy(true);
    try {
      await shipOrder(order._id, {
        ...(courier.trim() ? { courier: courier.trim() } : {}),
        ...(awb.trim() ? { awb: awb.trim() } : {}),
        ...(typeof weight === 'number' ? { weightGrams: weight } : {}),
      });
      onChanged(await getOrder(order._id));
      notify.success('Order shipped');
      setShipping(false);
    } catch (error) {
      notify.error(errorMessage(error, 'The order could not be shipped'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {awaitsCodConfirmation(order) && (
        <Alert color="yellow" variant="light" title="Waiting for the shopper's confirmation" data-testid="admin-cod-waiting">
          <Text size="sm">
            Cash on delivery, not yet confirmed by the shopper
            {order.cod?.confirmBy ? ` (cancelled if not confirmed by ${formatDateTimeIN(order.cod.confirmBy)})` : ''}. Call them and record
            it, or wait.
          </Text>
          <Button mt="xs" size="xs" variant="light" loading={busy} onClick={() => void phone()}>
            Confirmed by phone
          </Button>
        </Alert>
      )}
      {order.cod?.via === 'phone' && order.cod.confirmedAt && (
        <Text size="sm" c="dimmed">
          Confirmed by phone by {order.cod.confirmedBy} on {formatDateTimeIN(order.cod.confirmedAt)}
        </Text>
      )}
      {order.status === 'confirmed' && (order.shipments?.length ?? 0) === 0 && (
        <Group>
          <Button onClick={() => setShipping(true)}>Ship</Button>
        </Group>
      )}
      {order.ndr && order.status === 'delivery_failed' && (
        <Alert color="orange" variant="light" title="Failed delivery" data-testid="admin-ndr">
          <Text size="sm">
            {order.ndr.reason}.{' '}
            {order.ndr.status === 'open'
              ? `Waiting for the shopper until ${formatDateTimeIN(order.ndr.respondBy)}, then the parcel is returned.`
              : order.ndr.status === 'reattempt_requested'
                ? `Shopper asked for another attempt on ${order.ndr.reattemptDate ?? ''}.`
                : 'Return to origin requested.'}
          </Text>
        </Alert>
      )}
      <ShipmentTracking order={order} labelLinks />

      <Modal opened={shipping} onClose={() => setShipping(false)} title="Ship the order" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Leave courier and AWB empty to book the parcel with the courier service; fill both in if you booked it yourself.
          </Text>
          <TextInput label="Courier" value={courier} onChange={(e) => setCourier(e.currentTarget.value)} maxLength={60} />
          <TextInput label="AWB" value={awb} onChange={(e) => setAwb(e.currentTarget.value)} maxLength={40} />
          <NumberInput label="Weight (grams, optional)" value={weight} onChange={setWeight} min={1} max={50000} allowDecimal={false} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setShipping(false)}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void ship()}>
              Ship
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
