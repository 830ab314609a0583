import { flowLabel, formatDateIN, type FlowCounts } from '@bagshop/domain';
import { Badge, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getMessagesSummary } from '../api/messages-admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { AdminTable } from './admin-table';
import { PageHeader } from './page-header';

const COLUMNS = [
  { label: 'Flow' },
  { label: 'Channel' },
  { label: 'Total', align: 'right' as const },
  { label: 'Sent', align: 'right' as const },
  { label: 'Delivered', align: 'right' as const },
  { label: 'Read', align: 'right' as const },
  { label: 'Failed', align: 'right' as const },
];

const number = new Intl.NumberFormat('en-IN');

/** Mail has no delivery or read receipts: a dash, not a zero. */
function receipt(row: FlowCounts, value: number) {
  return row.channel === 'mail' ? '—' : number.format(value);
}

/** /admin/messages: what the shop sent in the last 30 days, per flow and channel (docs/whatsapp.md). */
export function MessagesPage() {
  useAdminTitle('Messages');
  const summary = useLoad(
    () => getMessagesSummary(30),
    (error) => notify.error(errorMessage(error, 'Failed to load the messages')),
  );
  const rows = summary.data?.rows ?? [];
  return (
    <div>
      <PageHeader
        title="Messages"
        subtitle={
          summary.data
            ? `Last ${summary.data.days} days (since ${formatDateIN(summary.data.since)}): WhatsApp from the message log with its receipts; mail from the mail queue, sent once the mail extension has delivered it.`
            : undefined
        }
      />
      <AdminTable
        label="Messages per flow and channel"
        minWidth={720}
        columns={COLUMNS}
        message={summary.loading && !summary.data ? 'Loading messages…' : rows.length === 0 ? 'No messages in the last 30 days.' : null}
      >
        {rows.map((r) => (
          <Table.Tr key={`${r.channel}/${r.flow}`}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {flowLabel(r.flow)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={r.channel === 'whatsapp' ? 'teal' : 'indigo'}>
                {r.channel === 'whatsapp' ? 'WhatsApp' : 'Mail'}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">{number.format(r.total)}</Table.Td>
            <Table.Td ta="right">{number.format(r.sent)}</Table.Td>
            <Table.Td ta="right">{receipt(r, r.delivered)}</Table.Td>
            <Table.Td ta="right">{receipt(r, r.read)}</Table.Td>
            <Table.Td ta="right">
              <Text size="sm" c={r.failed > 0 ? 'red.8' : undefined} fw={r.failed > 0 ? 600 : undefined}>
                {number.format(r.failed)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      {summary.data?.truncated && (
        <Text size="sm" c="dimmed" mt="sm">
          Counted from the newest 5,000 messages of each channel.
        </Text>
      )}
    </div>
  );
}
