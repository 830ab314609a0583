import { DELIVERY_ZONE_LABELS, DELIVERY_ZONES, expressDays, formatINR, shippingWording, WEEKDAY_LABELS } from '@bagshop/domain';
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
            {policy.express.offered && <Table.Th>Express, where offered</Table.Th>}
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
              {policy.express.offered && <Table.Td>{days(expressDays(policy.zoneDays[zone]))}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <List spacing={4}>
        <List.Item>
          Orders placed before {policy.cutoff} IST on a working day ({workdays}) leave our warehouse the same day; later ones the next
          working day. Sundays and national holidays do not count.
        </List.Item>
        {policy.express.offered && (
          <List.Item>
            {shippingWording(policy.express).expressText} Express arrives one to two working days sooner; checkout shows whether your PIN
            code has it{policy.express.cod ? '' : ' (pay online for express: no cash on delivery)'}.
          </List.Item>
        )}
        <List.Item>Enter your PIN code on any product page or in your cart to see your delivery date.</List.Item>
        <List.Item>
          Cash on delivery is available for orders up to {formatINR(policy.codMaxTotal)}, except at a few remote PIN codes.
        </List.Item>
      </List>
    </>
  );
}

/** The shipping page's "What it costs", from the shipping settings (issue 40). */
export function ShippingCosts() {
  const policy = useDeliveryPolicy();
  const express = policy?.express;
  if (!express || !express.offered || express.fee === 0) {
    return (
      <Text>
        Nothing. Shipping is free on all orders, with no minimum, whether you pay online or cash on delivery
        {express?.offered ? ', and so is express delivery where it is offered' : ''}.
      </Text>
    );
  }
  return (
    <Text>
      Standard shipping is free on all orders, with no minimum. Express delivery costs {formatINR(express.fee)}
      {express.freeAbove !== null ? `, and is free on orders of ${formatINR(express.freeAbove)} and above` : ''}; the fee is shown at
      checkout before you pay and is on your invoice with its GST.
    </Text>
  );
}
