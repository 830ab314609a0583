import { awaitsCodConfirmation, formatDateTimeIN, formatINR, reattemptDates, type Order } from '@bagshop/domain';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ShipmentTracking } from '../../../components/shipment-tracking';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { confirmCodOrder, payOnlineInstead, requestReattempt } from '../api/fulfilment-api';
import { paymentUrl } from '../api/orders-api';

const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** A COD order that waits for the shopper: Confirm order, or Pay online instead. */
function CodConfirmation({ order }: { order: Order }) {
  const [params] = useSearchParams();
  const token = params.get('confirm') ?? undefined;
  const [busy, setBusy] = useState<'confirm' | 'online' | null>(null);

  const confirm = async () => {
    setBusy('confirm');
    try {
      await confirmCodOrder(order._id, token);
      notify.success('Order confirmed');
    } catch (error) {
      notify.error(errorMessage(error, 'The order could not be confirmed'));
    } finally {
      setBusy(null);
    }
  };
  const payOnline = async () => {
    setBusy('online');
    try {
      await payOnlineInstead(order._id);
      window.location.assign(await paymentUrl(order._id));
    } catch (error) {
      notify.error(errorMessage(error, 'Online payment could not be started'));
      setBusy(null);
    }
  };

  return (
    <Alert color="yellow" variant="light" title="Please confirm your order" data-testid="cod-confirmation">
      <Stack gap="sm">
        <Text size="sm">
          You pay {formatINR(order.totalAmount)} in cash on delivery. We pack the order once you confirm it
          {order.cod?.confirmBy ? `; unconfirmed by ${formatDateTimeIN(order.cod.confirmBy)} it is cancelled` : ''}.
        </Text>
        <Group gap="sm">
          <Button onClick={() => void confirm()} loading={busy === 'confirm'} disabled={busy !== null}>
            Confirm order
          </Button>
          <Button variant="default" onClick={() => void payOnline()} loading={busy === 'online'} disabled={busy !== null}>
            Pay online instead
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A failed delivery: the reason and, for 48 hours, Reattempt delivery. */
function FailedDelivery({ order }: { order: Order }) {
  const ndr = order.ndr;
  const days = reattemptDates(new Date());
  const [date, setDate] = useState<string | null>(days[0] ?? null);
  const [note, setNote] = useState('');
  const [phone, setPhone] = useState('');
  const [saving, setSaving] = useState(false);
  if (!ndr) return null;
  const open = ndr.status === 'open' && Date.parse(ndr.respondBy) > Date.now();

  const submit = async () => {
    if (!date) return;
    setSaving(true);
    try {
      await requestReattempt(order._id, {
        date,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
      });
      notify.success('We will ask the courier to deliver again on that day');
    } catch (error) {
      notify.error(errorMessage(error, 'The reattempt could not be requested'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Alert color="orange" variant="light" title="We could not deliver your order" data-testid="failed-delivery">
      <Stack gap="sm">
        <Text size="sm">Courier: “{ndr.reason}”</Text>
        {ndr.status === 'reattempt_requested' && ndr.reattemptDate && (
          <Text size="sm">Another attempt is booked for {dayLabel(ndr.reattemptDate)}.</Text>
        )}
        {ndr.status === 'rto_requested' && (
          <Text size="sm">The parcel is coming back to us; a paid order is refunded once it arrives.</Text>
        )}
        {open && (
          <>
            <Text size="sm">Choose another day by {formatDateTimeIN(ndr.respondBy)}; otherwise the parcel comes back to us.</Text>
            <Select
              label="Delivery day"
              data={days.map((d) => ({ value: d, label: dayLabel(d) }))}
              value={date}
              onChange={setDate}
              allowDeselect={false}
            />
            <TextInput
              label="Note for the courier (optional)"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <TextInput
              label="Phone the courier can call (optional)"
              inputMode="tel"
              maxLength={13}
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
            <Group>
              <Button onClick={() => void submit()} loading={saving} disabled={!date}>
                Reattempt delivery
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** What happens after the order is placed: COD confirmation, the parcel's tracking, a failed delivery. */
export function FulfilmentPanel({ order }: { order: Order }) {
  const waiting = awaitsCodConfirmation(order);
  const shipped = (order.shipments?.length ?? 0) > 0;
  const failed = order.status === 'delivery_failed' || (order.ndr !== null && order.ndr !== undefined && order.ndr.status !== 'closed');
  if (!waiting && !shipped && !failed) return null;
  return (
    <Stack gap="md">
      {waiting && <CodConfirmation order={order} />}
      {order.status === 'delivery_failed' && <FailedDelivery order={order} />}
      {shipped && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-tracking">
          <Title order={2} fz="lg" id="order-tracking" mb="sm">
            Tracking
          </Title>
          <ShipmentTracking order={order} />
        </Paper>
      )}
    </Stack>
  );
}
