import { gstr1Period, monthLabel, type Gstr1Counts } from '@bagshop/domain';
import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { errorMessage } from '../../../lib/api-client';
import { getGstr1Summary } from '../api/admin-api';

const SECTIONS: { key: keyof Gstr1Counts; label: string; hint: string }[] = [
  { key: 'b2b', label: 'B2B', hint: 'invoices to registered buyers' },
  { key: 'b2cl', label: 'B2CL', hint: 'inter-state, over ₹1,00,000' },
  { key: 'b2cs', label: 'B2CS', hint: 'other invoices to consumers' },
  { key: 'cdnr', label: 'CDNR', hint: 'credit notes, registered' },
  { key: 'cdnur', label: 'CDNUR', hint: 'credit notes, unregistered' },
];

/** The Tax view's GSTR-1 card (issue 41, docs/gst-b2b.md): the month's counts per section and the return's downloads. */
export function Gstr1Panel({ month }: { month: string }) {
  const [counts, setCounts] = useState<{ month: string; counts: Gstr1Counts } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    getGstr1Summary(month)
      .then((r) => live && setCounts({ month, counts: r.counts }))
      .catch((e: unknown) => live && setError(errorMessage(e, 'Could not count the GSTR-1 sections')));
    return () => {
      live = false;
    };
  }, [month]);
  const shown = counts?.month === month ? counts.counts : null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="gstr1-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={3} fz="h5">
              GSTR-1, {monthLabel(month)}
            </Title>
            <Text size="sm" c="dimmed">
              The return in the GST portal offline tool&apos;s format; the sections add up to the totals above.
            </Text>
          </div>
          <Group gap="xs">
            <DownloadButton
              path="admin/tax/gstr1"
              query={{ period: month }}
              fileName={`gstr1-${gstr1Period(month)}.json`}
              label="GSTR-1 JSON"
              ariaLabel={`Download GSTR-1 JSON for ${monthLabel(month)}`}
            />
            <DownloadButton
              path="admin/tax/gstr1"
              query={{ period: month, format: 'csv', section: 'b2b' }}
              fileName={`gstr1-${month}-b2b.csv`}
              label="B2B CSV"
              ariaLabel={`Download B2B CSV of GSTR-1 for ${monthLabel(month)}`}
              variant="default"
            />
          </Group>
        </Group>
        {error && (
          <Text size="sm" c="red.8">
            {error}
          </Text>
        )}
        {!shown && !error && <Loader size="sm" role="status" aria-label="Counting the GSTR-1 sections" />}
        {shown && (
          <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
            {SECTIONS.map((s) => (
              <div key={s.key} data-testid={`gstr1-${s.key}`}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {s.label}
                </Text>
                <Text fz={22} fw={800}>
                  {shown[s.key]}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.hint}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
