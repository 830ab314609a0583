import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  SHIPMENT_EVENT_LABELS,
  formatDateTimeIN,
  formatINR,
  formatPaise,
  type ReturnJson,
  type ReturnStatus,
} from '@bagshop/domain';
import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { getAdminReturns, markPayoutPaid, moveReturn, type AdminReturn } from '../api/returns-admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { PageHeader } from './page-header';
import { pictureAttributes } from '../../../lib/picture';

const COLORS: Record<ReturnStatus, string> = {
  requested: 'orange',
  approved: 'blue',
  pickup_scheduled: 'blue',
  picked_up: 'blue',
  received: 'violet',
  refunded: 'green',
  exchanged: 'green',
  rejected: 'red',
};

const age = (hours: number) => (hours < 1 ? 'under an hour' : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`);

function ReturnDrawerBody({ ret, onChanged }: { ret: ReturnJson; onChanged: (r: ReturnJson) => void }) {
  const [note, setNote] = useState('');
  const [courier, setCourier] = useState('');
  const [awb, setAwb] = useState('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<ReturnJson>, done: string) => {
    setBusy(key);
    try {
      const next = await action();
      notify.success(done);
      setNote('');
      onChanged(next);
    } catch (error) {
      notify.error(errorMessage(error, 'That did not work'));
    } finally {
      setBusy(null);
    }
  };
  const move = (status: ReturnStatus, extra: Record<string, string> = {}, label = RETURN_STATUS_LABELS[status]) =>
    run(
      status + (extra.qualityCheck ?? ''),
      () => moveReturn(ret._id, { status, ...(note ? { note } : {}), ...extra }),
      `Return ${label.toLowerCase()}`,
    );
  const courierFields = (
    <Group grow>
      <TextInput label="Courier (by hand)" value={courier} onChange={(e) => setCourier(e.currentTarget.value)} />
      <TextInput label="AWB (by hand)" value={awb} onChange={(e) => setAwb(e.currentTarget.value)} />
    </Group>
  );
  const byHand: Record<string, string> = courier && awb ? { courier, awb } : {};

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Badge color={COLORS[ret.status]}>{RETURN_STATUS_LABELS[ret.status]}</Badge>
        <Anchor component={Link} to={`/admin?order=${encodeURIComponent(ret.orderId)}`} size="sm">
          Order {ret.orderId}
        </Anchor>
      </Group>
      <Text size="sm">
        <b>{ret.resolution === 'exchange' ? 'Exchange' : 'Refund'}</b> · {RETURN_REASON_LABELS[ret.reason]}
        {ret.comment ? ` · “${ret.comment}”` : ''}
      </Text>
      {ret.lines.map((l) => (
        <Text size="sm" key={l.lineId}>
          {l.quantity} × {l.name}
          {l.variantLabel ? ` (${l.variantLabel})` : ''} · SKU {l.sku}{' '}
          {ret.resolution === 'refund' ? `· ${formatINR(l.refundPaise / 100)}` : ''}
        </Text>
      ))}
      {ret.exchange && (
        <Text size="sm">
          Exchange for <b>{ret.exchange.variantLabel}</b> (SKU {ret.exchange.sku}){ret.exchange.heldAt ? ' · stock held' : ''}
          {ret.exchange.awb ? ` · shipped, AWB ${ret.exchange.awb}` : ''}
        </Text>
      )}
      {ret.refundTo && (
        <Text size="sm">
          Refund to:{' '}
          {'upiId' in ret.refundTo
            ? `UPI ${ret.refundTo.upiId}`
            : `${ret.refundTo.accountName}, a/c ${ret.refundTo.accountNumber}, IFSC ${ret.refundTo.ifsc}`}
        </Text>
      )}
      {ret.photos.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {ret.photos.map((p, i) => (
            <Anchor key={p.hash} href={p.url} target="_blank" rel="noreferrer">
              <Image {...pictureAttributes(p.url, 'thumb')} alt={`Photo ${i + 1} of the returned bag`} radius="sm" h={96} fit="cover" />
            </Anchor>
          ))}
        </SimpleGrid>
      )}
      {ret.pickup && (
        <Text size="sm">
          Pickup: {ret.pickup.courier}, AWB {ret.pickup.awb} ({ret.pickup.provider === 'manual' ? 'by hand' : 'booked with the courier'})
          {ret.pickup.events.length > 0 &&
            ` · courier: ${ret.pickup.events.map((e) => `${SHIPMENT_EVENT_LABELS[e.status]} ${formatDateTimeIN(e.at)}`).join(', ')}`}
          {ret.pickup.arrivedAt && ` · reached us ${formatDateTimeIN(ret.pickup.arrivedAt)}: record the quality check`}
        </Text>
      )}
      {ret.qualityCheck && (
        <Text size="sm">
          Quality check: {ret.qualityCheck.passed ? 'passed' : 'failed'}
          {ret.qualityCheck.note ? ` · ${ret.qualityCheck.note}` : ''}
        </Text>
      )}
      {ret.refund && (
        <Text size="sm">
          Refund {formatINR(ret.refund.amountPaise / 100)} through {ret.refund.provider}: {ret.refund.status}
          {ret.refund.id ? ` · ${ret.refund.id}` : ''}
        </Text>
      )}
      {ret.payout && (
        <Text size="sm">
          Payout {formatINR(ret.payout.amountPaise / 100)} to {ret.payout.to}:{' '}
          {ret.payout.status === 'paid' ? `paid (reference ${ret.payout.reference})` : 'to be paid'}
        </Text>
      )}
      {ret.creditNote && (
        <Group gap="xs">
          <Text size="sm">
            Credit note {ret.creditNote.number} against {ret.creditNote.invoiceNumber}:{' '}
            {formatPaise(ret.creditNote.totals.grossPaise, { symbol: true })}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              void downloadApiFile(
                `order/${encodeURIComponent(ret.orderId)}/returns/${ret._id}/credit-note`,
                `${ret.creditNote?.number.replace(/\//g, '-')}.pdf`,
              )
            }
          >
            Credit note PDF
          </Button>
        </Group>
      )}
      {ret.rejectionReason && (
        <Text size="sm" c="red.8">
          Rejected: {ret.rejectionReason}
        </Text>
      )}

      {['requested', 'received', 'approved', 'pickup_scheduled', 'picked_up'].includes(ret.status) && (
        <Textarea
          label="Note (the shopper sees it; required to reject)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
        />
      )}
      {ret.status === 'requested' && (
        <Group>
          <Button loading={busy === 'approved'} onClick={() => move('approved')}>
            Approve
          </Button>
          <Button color="red" variant="light" loading={busy === 'rejected'} onClick={() => move('rejected')}>
            Reject
          </Button>
        </Group>
      )}
      {ret.status === 'approved' && (
        <>
          {courierFields}
          <Button loading={busy === 'pickup_scheduled'} onClick={() => move('pickup_scheduled', byHand)}>
            Schedule pickup
          </Button>
        </>
      )}
      {ret.status === 'pickup_scheduled' && (
        <Button loading={busy === 'picked_up'} onClick={() => move('picked_up')}>
          Mark as Picked up
        </Button>
      )}
      {ret.status === 'picked_up' && (
        <Group>
          <Button loading={busy === 'receivedpassed'} onClick={() => move('received', { qualityCheck: 'passed' }, 'received')}>
            Received: check passed
          </Button>
          <Button
            color="red"
            variant="light"
            loading={busy === 'receivedfailed'}
            onClick={() => move('received', { qualityCheck: 'failed' }, 'received')}
          >
            Received: check failed
          </Button>
        </Group>
      )}
      {ret.status === 'received' && ret.qualityCheck?.passed && ret.resolution === 'refund' && (
        <Button loading={busy === 'refunded'} onClick={() => move('refunded')}>
          Refund {formatINR(ret.refundPaise / 100)}
        </Button>
      )}
      {ret.status === 'received' && ret.qualityCheck?.passed && ret.resolution === 'exchange' && (
        <>
          {courierFields}
          <Button loading={busy === 'exchanged'} onClick={() => move('exchanged', byHand)}>
            Ship the exchange
          </Button>
        </>
      )}
      {ret.status === 'received' && ret.qualityCheck && !ret.qualityCheck.passed && (
        <Button color="red" loading={busy === 'rejected'} onClick={() => move('rejected')}>
          Reject
        </Button>
      )}
      {ret.payout?.status === 'pending' && (
        <Group align="flex-end">
          <TextInput label="Bank reference" value={reference} onChange={(e) => setReference(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button loading={busy === 'paid'} onClick={() => run('paid', () => markPayoutPaid(ret._id, reference), 'Payout marked paid')}>
            Paid
          </Button>
        </Group>
      )}
      <Title order={3} fz="sm" mt="sm">
        Timeline
      </Title>
      {ret.history.map((h, i) => (
        <Text size="xs" c="dimmed" key={i}>
          {new Date(h.at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' })} ·{' '}
          {RETURN_STATUS_LABELS[h.status]}
          {h.note ? ` · ${h.note}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** /admin/returns: the queue (requested first, age shown) and a drawer per return. */
export function ReturnsPage() {
  useAdminTitle('Returns');
  const list = useLoad(getAdminReturns, (error) => notify.error(errorMessage(error, 'Failed to load the returns')));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.find((r) => r._id === openId) ?? null;
  const replace = (next: ReturnJson) => {
    void list.reload();
    setOpenId(next._id);
  };
  return (
    <>
      <PageHeader title="Returns" subtitle="Requests waiting for a decision first; the oldest first within each group." />
      {list.loading && !list.data ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the returns" />
        </Group>
      ) : (list.data ?? []).length === 0 ? (
        <Text c="dimmed">No returns yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Return</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Age</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((r: AdminReturn) => (
                <Table.Tr key={r._id}>
                  <Table.Td>
                    <Anchor component="button" onClick={() => setOpenId(r._id)}>
                      {r._id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[r.status]} variant="light">
                      {RETURN_STATUS_LABELS[r.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{age(r.ageHours)}</Table.Td>
                  <Table.Td>
                    {r.resolution === 'exchange' ? 'Exchange' : 'Refund'} · {r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
                  </Table.Td>
                  <Table.Td>{r.resolution === 'refund' ? formatINR(r.refundPaise / 100) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer opened={open !== null} onClose={() => setOpenId(null)} title={open ? `Return ${open._id}` : ''} position="right" size="lg">
        {open && <ReturnDrawerBody ret={open} onChanged={replace} />}
      </Drawer>
    </>
  );
}
