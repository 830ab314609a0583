import { formatDateTimeIN, SHIPMENT_EVENT_LABELS, shipmentItemName, type Order } from '@bagshop/domain';
import { Anchor, Group, Stack, Text, Timeline } from '@mantine/core';

/**
 * The order's parcels (docs/fulfilment.md): courier, AWB, tracking link and the courier's events,
 * newest first (time, place, status). The shopper's order page and the admin drawer show the same.
 */
export function ShipmentTracking({ order, labelLinks = false }: { order: Order; labelLinks?: boolean }) {
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="shipment-tracking">
      {shipments.map((s) => {
        const events = [...s.events].reverse();
        return (
          <Stack key={s._id} gap={6}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {s.courier}
              </Text>
              <Text size="sm" ff="monospace" data-testid="shipment-awb">
                AWB {s.awb}
              </Text>
            </Group>
            {s.kind === 'exchange' && (
              <Text size="sm" data-testid="exchange-shipment">
                Exchange {s.returnNumber}:{' '}
                {(s.items ?? []).map((i) => `${shipmentItemName(i.name, i.variantLabel)} × ${i.quantity}`).join(', ')}
              </Text>
            )}
            <Group gap="md" wrap="wrap">
              {s.trackingUrl && (
                <Anchor href={s.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  Track with the courier
                </Anchor>
              )}
              {labelLinks && s.labelUrl && (
                <Anchor href={s.labelUrl} target="_blank" rel="noopener" size="sm">
                  Shipping label (PDF)
                </Anchor>
              )}
            </Group>
            {events.length === 0 ? (
              <Text size="sm" c="dimmed">
                Booked with the courier; waiting for the pickup.
              </Text>
            ) : (
              <Timeline active={0} bulletSize={12} lineWidth={2} aria-label={`Tracking of AWB ${s.awb}`}>
                {events.map((e) => (
                  <Timeline.Item key={e.key} title={SHIPMENT_EVENT_LABELS[e.status]}>
                    <Text size="xs" c="dimmed">
                      {formatDateTimeIN(e.at)}
                      {e.location ? ` · ${e.location}` : ''}
                    </Text>
                    {e.note && e.status === 'failed_attempt' && <Text size="xs">{e.note}</Text>}
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
