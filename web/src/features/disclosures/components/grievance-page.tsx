import { complaintSchema, formatDateIN, GRIEVANCE_ACK_HOURS, type GrievanceTicket } from '@bagshop/domain';
import { Alert, Anchor, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSession } from '../../../lib/session';
import { fileComplaint } from '../../../lib/delivery-api';
import { useSeller } from '../../../components/sold-by';

function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
}

/** /grievance: the grievance officer and a complaint form that answers with a ticket number. */
export default function GrievancePage() {
  const seller = useSeller();
  const { user } = useSession();
  const [ticket, setTicket] = useState<GrievanceTicket | null>(null);
  const [sending, setSending] = useState(false);
  const form = useSchemaForm(complaintSchema, { name: '', email: '', phone: '', orderId: '', subject: '', message: '' });
  const done = useRef<HTMLDivElement>(null);

  // A signed-in shopper's name and email are filled in (once, and only into empty fields).
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    if (!user) return;
    if (!getValues().name) setFieldValue('name', `${user.fullname.firstname} ${user.fullname.lastname}`.trim());
    if (!getValues().email) setFieldValue('email', user.email);
  }, [user, setFieldValue, getValues]);

  useEffect(() => {
    if (ticket) done.current?.focus();
  }, [ticket]);

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const res = await fileComplaint(complaintSchema.parse(values));
      setTicket(res.data);
    } catch (error) {
      notify.error(errorMessage(error, 'We could not send your complaint, please try again'));
    } finally {
      setSending(false);
    }
  });

  const officer = seller?.grievanceOfficer;
  return (
    <Container size="md" py={{ base: 'xl', md: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Grievance officer</Title>
          <Text fz="lg" c="gray.8" mt="xs">
            Not happy with an order, a delivery or a refund? Tell our grievance officer.
          </Text>
        </div>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="officer-contact">
          <Title order={2} fz="lg" id="officer-contact" mb="xs">
            Who handles complaints
          </Title>
          {officer ? (
            <Stack gap={2}>
              <Text fw={600}>
                {officer.name}, {officer.designation}, {seller.legalName}
              </Text>
              <Text size="sm">
                <Anchor href={`mailto:${officer.email}`} c="blue.8" inherit>
                  {officer.email}
                </Anchor>{' '}
                ·{' '}
                <Anchor href={`tel:${officer.phone.replace(/\s/g, '')}`} c="blue.8" inherit>
                  {officer.phone}
                </Anchor>
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="gray.7">
              Loading…
            </Text>
          )}
          <Text size="sm" mt="sm">
            We acknowledge your complaint within {GRIEVANCE_ACK_HOURS} hours (this form does it at once) and resolve it within one month of
            receiving it.
          </Text>
        </Paper>

        {ticket ? (
          <Alert
            ref={done}
            tabIndex={-1}
            color="green"
            icon={<IconCircleCheck aria-hidden />}
            title={`Complaint ${ticket.number} received`}
            data-testid="grievance-ticket"
          >
            <Stack gap={4}>
              <Text size="sm">
                Your complaint number is <b>{ticket.number}</b>. We acknowledged it on {dateTime(ticket.acknowledgedAt)}.
              </Text>
              <Text size="sm">
                Our grievance officer will resolve it by <b>{formatDateIN(ticket.resolveBy)}</b> (within one month), and writes to{' '}
                {ticket.email}.
              </Text>
              <Group mt="xs">
                <Button
                  variant="light"
                  color="green"
                  size="xs"
                  onClick={() => {
                    setTicket(null);
                    form.setValues({ subject: '', message: '', orderId: '' });
                  }}
                >
                  Make another complaint
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="complaint-heading">
            <Title order={2} fz="lg" id="complaint-heading" mb="sm">
              Make a complaint
            </Title>
            <form noValidate onSubmit={submit} aria-label="Complaint">
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label="Your name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
                  <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
                  <TextInput label="Phone" description="Optional" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
                  <TextInput label="Order number" description="Optional, from My Orders" {...form.getInputProps('orderId')} />
                </SimpleGrid>
                <TextInput label="Subject" withAsterisk maxLength={120} {...form.getInputProps('subject')} />
                <Textarea label="Your complaint" withAsterisk autosize minRows={4} maxLength={4000} {...form.getInputProps('message')} />
                <Group justify="flex-end">
                  <Button type="submit" loading={sending}>
                    Send complaint
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
