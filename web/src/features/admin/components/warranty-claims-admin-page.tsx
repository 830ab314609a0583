import {
  WARRANTY_CLAIM_FLOW,
  WARRANTY_CLAIM_STATUS_LABELS,
  WARRANTY_ISSUE_LABELS,
  formatDateTimeIN,
  shortOrderId,
  type WarrantyClaimJson,
  type WarrantyClaimStatus,
} from '@bagshop/domain';
import { Anchor, Badge, Button, Drawer, Group, Image, Loader, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getAdminWarrantyClaims, moveWarrantyClaim } from '../api/warranty-admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { PageHeader } from './page-header';

const ageOf = (iso: string) => {
  const hours = Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000);
  return hours < 1 ? 'under an hour' : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
};

function ClaimDrawerBody({ claim, onChanged }: { claim: WarrantyClaimJson; onChanged: () => void }) {
  const [note, setNote] = useState('');
  const [courier, setCourier] = useState('');
  const [awb, setAwb] = useState('');
  const [busy, setBusy] = useState<WarrantyClaimStatus | null>(null);
  const move = async (status: WarrantyClaimStatus) => {
    setBusy(status);
    try {
      await moveWarrantyClaim(claim._id, {
        status,
        ...(note ? { note } : {}),
        ...(courier ? { courier } : {}),
        ...(awb ? { awb } : {}),
      });
      notify.success(`Claim ${WARRANTY_CLAIM_STATUS_LABELS[status].toLowerCase()}`);
      setNote('');
      setAwb('');
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error, 'That did not work'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Text>
        {claim.name}
        {claim.variantLabel ? ` (${claim.variantLabel})` : ''}: {WARRANTY_ISSUE_LABELS[claim.issue]}
      </Text>
      <Text size="sm">{claim.description}</Text>
      <Anchor component={Link} to={`/admin?order=${encodeURIComponent(claim.orderId)}`} size="sm">
        Order #{shortOrderId(claim.orderId)}
      </Anchor>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {claim.photos.map((p, i) => (
          <Image key={p.hash} src={p.url} alt={`Photo ${i + 1} of claim ${claim._id}`} radius="sm" />
        ))}
      </SimpleGrid>
      <Stack gap={2}>
        {claim.history.map((h, i) => (
          <Text key={`${h.status}-${i}`} size="xs">
            {WARRANTY_CLAIM_STATUS_LABELS[h.status]} · {formatDateTimeIN(h.at)}
            {h.note ? ` · ${h.note}` : ''}
          </Text>
        ))}
      </Stack>
      {WARRANTY_CLAIM_FLOW[claim.status].length > 0 && (
        <>
          <Textarea
            label="Note (a rejection's reason: the shopper sees it)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group grow>
            <TextInput label="Courier" value={courier} onChange={(e) => setCourier(e.currentTarget.value)} />
            <TextInput label="AWB" value={awb} onChange={(e) => setAwb(e.currentTarget.value)} />
          </Group>
          <Group>
            {WARRANTY_CLAIM_FLOW[claim.status].map((to) => (
              <Button key={to} loading={busy === to} color={to === 'rejected' ? 'red' : 'blue'} onClick={() => void move(to)}>
                {WARRANTY_CLAIM_STATUS_LABELS[to]}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** /admin/warranty: the claims queue (open ones oldest first, with their age) and a drawer per claim (docs/warranty.md). */
export function WarrantyClaimsAdminPage() {
  useAdminTitle('Warranty');
  const list = useLoad(getAdminWarrantyClaims, (error) => notify.error(errorMessage(error, 'Failed to load the claims')));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.find((c) => c._id === openId) ?? null;
  return (
    <>
      <PageHeader title="Warranty" subtitle="Open claims first, the oldest first." />
      {list.loading && !list.data ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the claims" />
        </Group>
      ) : (list.data ?? []).length === 0 ? (
        <Text c="dimmed">No warranty claims yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Claim</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Age</Table.Th>
                <Table.Th>What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((c) => (
                <Table.Tr key={c._id}>
                  <Table.Td>
                    <Anchor component="button" onClick={() => setOpenId(c._id)}>
                      {c._id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={c.status === 'rejected' ? 'red' : 'blue'}>
                      {WARRANTY_CLAIM_STATUS_LABELS[c.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{ageOf(c.createdAt)}</Table.Td>
                  <Table.Td>
                    {c.name}: {WARRANTY_ISSUE_LABELS[c.issue]}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer opened={open !== null} onClose={() => setOpenId(null)} title={open ? `Claim ${open._id}` : ''} position="right" size="lg">
        {open && <ClaimDrawerBody claim={open} onChanged={() => void list.reload()} />}
      </Drawer>
    </>
  );
}
