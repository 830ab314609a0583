import {
  MAX_WARRANTY_PHOTOS,
  WARRANTY_CLAIM_STATUS_LABELS,
  WARRANTY_ISSUE_LABELS,
  WARRANTY_ISSUES,
  WARRANTY_MESSAGES,
  formatDateIN,
  formatDateTimeIN,
  type WarrantyClaimJson,
  type WarrantyIssue,
  type WarrantyJson,
} from '@bagshop/domain';
import { Alert, Badge, Button, FileInput, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { fileWarrantyClaim, getMyWarranties, type MyWarranties } from '../api/warranty-api';

const STATUS_COLOR: Record<string, string> = { rejected: 'red', closed: 'gray', replaced: 'green', repaired: 'green' };

/** One claim's timeline: each step with its date, the rejection's reason, the parcels. */
export function ClaimTimeline({ claim }: { claim: WarrantyClaimJson }) {
  return (
    <Stack gap="xs" data-testid={`claim-${claim._id}`}>
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>
          Claim {claim._id}: {claim.name}
          {claim.variantLabel ? ` (${claim.variantLabel})` : ''}
        </Text>
        <Badge color={STATUS_COLOR[claim.status] ?? 'blue'} variant="light" data-testid="claim-status">
          {WARRANTY_CLAIM_STATUS_LABELS[claim.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {WARRANTY_ISSUE_LABELS[claim.issue]}: {claim.description}
      </Text>
      {claim.rejectionReason && (
        <Alert color="red" variant="light" title="Not accepted">
          {claim.rejectionReason}
        </Alert>
      )}
      <Timeline active={claim.history.length - 1} bulletSize={14} lineWidth={2} aria-label={`Timeline of claim ${claim._id}`}>
        {claim.history.map((h, i) => (
          <Timeline.Item key={`${h.status}-${i}`} title={WARRANTY_CLAIM_STATUS_LABELS[h.status]}>
            <Text size="xs" c="gray.7">
              {formatDateTimeIN(h.at)}
              {h.note && h.status !== 'rejected' ? ` · ${h.note}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {claim.pickup && (
        <Text size="sm">
          Pickup: {claim.pickup.courier} AWB {claim.pickup.awb} (paid by us)
        </Text>
      )}
      {claim.replacement && (
        <Text size="sm">
          Replacement: {claim.replacement.name}
          {claim.replacement.variantLabel ? ` (${claim.replacement.variantLabel})` : ''} × {claim.replacement.quantity}, ₹0
          {claim.returnParcel ? `, ${claim.returnParcel.courier} AWB ${claim.returnParcel.awb}` : ''}
        </Text>
      )}
    </Stack>
  );
}

function ClaimForm({ warranty, onDone, onClose }: { warranty: WarrantyJson; onDone: () => void; onClose: () => void }) {
  const [issue, setIssue] = useState<WarrantyIssue | ''>('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!issue) return setError(WARRANTY_MESSAGES.issue);
    if (!description.trim()) return setError(WARRANTY_MESSAGES.description);
    if (photos.length === 0) return setError(WARRANTY_MESSAGES.photosRequired);
    if (photos.length > MAX_WARRANTY_PHOTOS) return setError(WARRANTY_MESSAGES.tooManyPhotos);
    const form = new FormData();
    form.append('issue', issue);
    form.append('description', description);
    for (const p of photos) form.append('photos', p, p.name);
    setSending(true);
    setError(null);
    try {
      const { claim } = await fileWarrantyClaim(warranty._id, form);
      notify.success(`Warranty claim ${claim._id} submitted`);
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Could not submit the claim'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Warranty claim">
      <Stack gap="sm">
        <Text size="sm">
          {warranty.name}: {warranty.label}, until {formatDateIN(warranty.endsAt)}.
        </Text>
        <NativeSelect
          label="What is wrong?"
          required
          value={issue}
          onChange={(e) => setIssue(e.currentTarget.value as WarrantyIssue)}
          data={[{ value: '', label: 'Choose…' }, ...WARRANTY_ISSUES.map((i) => ({ value: i, label: WARRANTY_ISSUE_LABELS[i] }))]}
        />
        <Textarea
          label="Describe the problem"
          required
          autosize
          minRows={3}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <FileInput
          label={`Photos (1 to ${MAX_WARRANTY_PHOTOS})`}
          description="JPEG, PNG or WebP; show the fault"
          multiple
          required
          accept="image/jpeg,image/png,image/webp"
          value={photos}
          onChange={setPhotos}
          clearable
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Submit claim
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The shopper's warranties and claims (all of them, or one order's), with "Claim under warranty" on each unit. */
export function WarrantyList({ orderId, title = 'Warranty' }: { orderId?: string; title?: string }) {
  const [data, setData] = useState<MyWarranties | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<WarrantyJson | null>(null);
  const load = useCallback(() => {
    getMyWarranties()
      .then((d) => setData(d))
      .catch((e: unknown) => setFailed(errorMessage(e, 'Could not load your warranties')));
  }, []);
  useEffect(() => load(), [load]);

  if (failed) return <Alert color="red">{failed}</Alert>;
  if (!data) return null;
  const warranties = data.warranties.filter((w) => !orderId || w.orderId === orderId);
  const claims = data.claims.filter((c) => !orderId || c.orderId === orderId);
  if (orderId && warranties.length === 0 && claims.length === 0) return null;
  const now = Date.now();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="warranty-title">
      <Title order={2} fz="lg" id="warranty-title" mb="sm">
        {title}
      </Title>
      <Stack gap="md">
        {warranties.length === 0 && <Text c="dimmed">Bags we deliver to you are registered here on the day they arrive.</Text>}
        {warranties.map((w) => {
          const inTerm = now < new Date(w.endsAt).getTime();
          return (
            <Group key={w._id} justify="space-between" wrap="wrap" data-testid={`warranty-${w._id}`}>
              <div>
                <Text fw={600}>
                  {w.name}
                  {w.variantLabel ? ` (${w.variantLabel})` : ''}
                  {w.unit > 1 ? `, unit ${w.unit}` : ''}
                </Text>
                <Text size="sm" c="gray.7">
                  {w.label}: {formatDateIN(w.startsAt)} to {formatDateIN(w.endsAt)}
                </Text>
              </div>
              {w.openClaim ? (
                <Text size="sm">Open claim {w.openClaim}</Text>
              ) : inTerm ? (
                <Button variant="light" onClick={() => setClaiming(w)}>
                  Claim under warranty
                </Button>
              ) : (
                <Text size="sm">Out of term</Text>
              )}
            </Group>
          );
        })}
        {claims.map((c) => (
          <Paper key={c._id} withBorder radius="sm" p="sm">
            <ClaimTimeline claim={c} />
          </Paper>
        ))}
      </Stack>
      <Modal opened={claiming !== null} onClose={() => setClaiming(null)} title="Claim under warranty">
        {claiming && (
          <ClaimForm
            warranty={claiming}
            onClose={() => setClaiming(null)}
            onDone={() => {
              setClaiming(null);
              load();
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}
