import { formatDateIN, grievanceOfficerSchema, ticketAge, type GrievanceOfficer, type GrievanceTicket } from '@bagshop/domain';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { getGrievanceOfficer, getTickets, saveGrievanceOfficer, setTicketStatus } from '../api/disclosures-admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { AdminTable } from './admin-table';
import { PageHeader } from './page-header';

const COLUMNS = [
  { label: 'Ticket' },
  { label: 'Age' },
  { label: 'From' },
  { label: 'Complaint' },
  { label: 'Resolve by' },
  { label: 'Status' },
  { label: '', w: 120 },
];

function TicketStatusBadge({ ticket, now }: { ticket: GrievanceTicket; now: Date }) {
  if (ticket.status === 'resolved')
    return (
      <Badge color="green" variant="light">
        Resolved
      </Badge>
    );
  if (Date.parse(ticket.resolveBy) < now.getTime())
    return (
      <Badge color="red" variant="filled">
        Overdue
      </Badge>
    );
  return (
    <Badge color="orange" variant="light">
      Open
    </Badge>
  );
}

/** /admin/complaints: complaint tickets newest first with their age, and the grievance officer shown to shoppers. */
export function ComplaintsPage() {
  useAdminTitle('Complaints');
  const tickets = useLoad(getTickets, (error) => notify.error(errorMessage(error, 'Failed to load the complaints')));
  const [pending, setPending] = useState<string | null>(null);
  const now = new Date();

  const toggle = async (ticket: GrievanceTicket) => {
    setPending(ticket.number);
    try {
      await setTicketStatus(ticket.number, ticket.status === 'open' ? 'resolved' : 'open');
      await tickets.reload();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to update the complaint'));
    } finally {
      setPending(null);
    }
  };

  const list = tickets.data ?? [];
  const open = list.filter((t) => t.status === 'open').length;
  return (
    <Stack gap="lg">
      <div>
        <PageHeader
          title="Complaints"
          subtitle={tickets.data ? `${open} open of ${list.length} · acknowledged at once, to be resolved within one month` : undefined}
        />
        <AdminTable
          label="Complaints"
          minWidth={900}
          columns={COLUMNS}
          message={tickets.loading && !tickets.data ? 'Loading complaints…' : list.length === 0 ? 'No complaints yet.' : null}
        >
          {list.map((t) => (
            <Table.Tr key={t.number}>
              <Table.Td>
                <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t.number}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="ticket-age">
                {ticketAge(new Date(t.createdAt), now)}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t.name}</Text>
                <Text size="xs" c="dimmed">
                  {t.email}
                  {t.phone ? ` · ${t.phone}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {t.subject}
                  {t.orderId ? ` (order ${t.orderId})` : ''}
                </Text>
                <Text size="xs" c="gray.7" lineClamp={3} title={t.message}>
                  {t.message}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateIN(t.resolveBy)}</Table.Td>
              <Table.Td>
                <TicketStatusBadge ticket={t} now={now} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  loading={pending === t.number}
                  onClick={() => void toggle(t)}
                  aria-label={`${t.status === 'open' ? 'Resolve' : 'Reopen'} ${t.number}`}
                >
                  {t.status === 'open' ? 'Resolve' : 'Reopen'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      </div>
      <OfficerForm />
    </Stack>
  );
}

function OfficerForm() {
  const form = useSchemaForm(grievanceOfficerSchema, { name: '', designation: '', email: '', phone: '' });
  const [saving, setSaving] = useState(false);
  const { setValues, resetDirty } = form;
  useEffect(() => {
    let live = true;
    getGrievanceOfficer()
      .then((o) => {
        if (!live) return;
        setValues(o);
        resetDirty(o);
      })
      .catch((error: unknown) => notify.error(errorMessage(error, 'Failed to load the grievance officer')));
    return () => {
      live = false;
    };
  }, [setValues, resetDirty]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await saveGrievanceOfficer(grievanceOfficerSchema.parse(values) as GrievanceOfficer);
      resetDirty(saved);
      notify.success('Grievance officer saved');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save the grievance officer'));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="officer-title">
      <Title order={3} fz="lg" id="officer-title" mb="xs">
        Grievance officer
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Shown on the Seller information and Grievance officer pages.
      </Text>
      <form noValidate onSubmit={submit} aria-label="Grievance officer">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Designation" withAsterisk {...form.getInputProps('designation')} />
          <TextInput label="Email" withAsterisk {...form.getInputProps('email')} />
          <TextInput label="Phone" withAsterisk {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={saving}>
            Save officer
          </Button>
        </Group>
      </form>
    </Card>
  );
}
