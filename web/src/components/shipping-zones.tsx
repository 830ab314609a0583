import { DELIVERY_ZONE_LABELS, DELIVERY_ZONES, formatINR, WEEKDAY_LABELS } from '@bagshop/domain';
import { List, Table, Text } from '@mantine/core';
import { useDeliveryPolicy } from '../lib/use-delivery-policy';

const ZONE_NOTES: Record<(typeof DELIVERY_ZONES)[number], string> = {
  sameCity: 'our warehouse’s city',
  sameState: 'the rest of its state',
  metro: 'Delhi, Bengaluru, Chennai, Hyderabad, Kolkata',
  restOfIndia: 'everywhere else',
  northEastAndIslands: 'the North-East, Andaman & Nicobar, Lakshadweep',
};

function days(range: { min: number; max: number }): string {
  return range.min === range.max ? `${range.max}` : `${range.min}–${range.max}`;
}

/** The shipping page's delivery times, from the shop's current rules (GET /api/delivery). */
export function ShippingZones() {
  const policy = useDeliveryPolicy();
  if (!policy) return <Text c="gray.7">Loading delivery times…</Text>;
  const workdays = policy.workingDays.map((d) => WEEKDAY_LABELS[d]).join(', ');
  return (
    <>
      <Table withTableBorder mb="sm" maw={560} aria-label="Delivery times by zone">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Where to</Table.Th>
            <Table.Th>Working days</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DELIVERY_ZONES.map((zone) => (
            <Table.Tr key={zone}>
              <Table.Td>
                {DELIVERY_ZONE_LABELS[zone]}{' '}
                <Text span c="gray.7" size="sm">
                  ({ZONE_NOTES[zone]})
                </Text>
              </Table.Td>
              <Table.Td>{days(policy.zoneDays[zone])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <List spacing={4}>
        <List.Item>
          Orders placed before {policy.cutoff} IST on a working day ({workdays}) leave our warehouse the same day; later ones the next
          working day. Sundays and national holidays do not count.
        </List.Item>
        <List.Item>Enter your PIN code on any product page or in your cart to see your delivery date.</List.Item>
        <List.Item>
          Cash on delivery is available for orders up to {formatINR(policy.codMaxTotal)}, except at a few remote PIN codes.
        </List.Item>
      </List>
    </>
  );
}
