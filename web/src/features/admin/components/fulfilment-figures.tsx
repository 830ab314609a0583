import type { FulfilmentFigures, RtoRate } from '@bagshop/domain';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

const percent = (r: RtoRate) => (r.rate === null ? '–' : `${Math.round(r.rate * 1000) / 10}%`);

/** The dashboard's fulfilment card (docs/fulfilment.md, "Dashboard"): the last 30 days. */
export function FulfilmentFiguresCard({ figures }: { figures: FulfilmentFigures }) {
  const rows: [string, string, string?][] = [
    ['RTO rate, cash on delivery', percent(figures.rto.cod), `${figures.rto.cod.returned} of ${figures.rto.cod.shipped} shipped`],
    ['RTO rate, prepaid', percent(figures.rto.prepaid), `${figures.rto.prepaid.returned} of ${figures.rto.prepaid.shipped} shipped`],
    [
      'Delivered on or before the promised date',
      figures.deliveries.delivered ? `${figures.deliveries.onTime} of ${figures.deliveries.delivered}` : '–',
    ],
    // Split by speed (issue 40): express promises sooner dates.
    ...(['standard', 'express'] as const).map((speed): [string, string] => {
      const d = figures.deliveries.bySpeed[speed];
      return [`On or before the promised date, ${speed}`, d.delivered ? `${d.onTime} of ${d.delivered}` : '–'];
    }),
    ['Open failed deliveries (NDR)', String(figures.openNdrs)],
    ['COD orders awaiting confirmation', String(figures.codAwaitingConfirmation)],
  ];
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} fz="h4" mb="sm">
        Fulfilment (last 30 days)
      </Title>
      <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Fulfilment">
        {rows.map(([label, value, hint]) => (
          <Group key={label} justify="space-between" component="li" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm">{label}</Text>
              {hint && (
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              )}
            </div>
            <Text fw={700}>{value}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
