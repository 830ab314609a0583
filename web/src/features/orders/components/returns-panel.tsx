import {
  RETURN_MESSAGES,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  PHOTO_REASONS,
  IFSC_PATTERN,
  UPI_ID_PATTERN,
  formatINR,
  salePrice,
  type Order,
  type Product,
  type ReturnJson,
  type ReturnReason,
} from '@bagshop/domain';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getOrderReturns, getProductForExchange, requestReturn, type OrderReturns } from '../api/returns-api';

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
}

type Line = OrderReturns['lines'][number];

/** The stepper: quantity, reason (photos), refund or exchange (size/colour), refund details for COD. */
function ReturnForm({ order, line, onDone, onClose }: { order: Order; line: Line; onDone: () => void; onClose: () => void }) {
  const item = order.items.find((i) => (i.variantId ?? i._id) === line.lineId);
  const left = line.quantity - line.returnedUnits;
  const [step, setStep] = useState(0);
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [resolution, setResolution] = useState<'refund' | 'exchange'>('refund');
  const [product, setProduct] = useState<Product | null>(null);
  const [exchangeVariantId, setExchangeVariantId] = useState('');
  const [payTo, setPayTo] = useState<'upi' | 'bank'>('upi');
  const [upiId, setUpiId] = useState('');
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const cod = order.paymentMethod === 'COD';

  useEffect(() => {
    if (!item) return;
    getProductForExchange(item.product._id)
      .then(setProduct)
      .catch(() => setProduct(null));
  }, [item]);

  const sale = item ? salePrice(item.price, item.discount) : 0;
  const others = (product?.variants ?? []).filter((v) => v._id !== line.lineId);
  const needsPhotos = reason !== '' && PHOTO_REASONS.includes(reason);

  const check = (): string => {
    if (step === 1 && !reason) return 'Choose a reason';
    if (step === 1 && needsPhotos && photos.length === 0) return RETURN_MESSAGES.photosRequired;
    if (step === 1 && photos.length > 3) return RETURN_MESSAGES.tooManyPhotos;
    if (step === 2 && resolution === 'exchange' && !exchangeVariantId) return RETURN_MESSAGES.exchangeNeedsVariant;
    if (step === 3 && cod && resolution === 'refund') {
      if (payTo === 'upi' && !UPI_ID_PATTERN.test(upiId.trim())) return RETURN_MESSAGES.upi;
      if (payTo === 'bank') {
        if (!accountName.trim()) return RETURN_MESSAGES.accountName;
        if (!/^\d{9,18}$/.test(accountNumber.replace(/\s+/g, ''))) return RETURN_MESSAGES.accountNumber;
        if (!IFSC_PATTERN.test(ifsc.replace(/\s+/g, '').toUpperCase())) return RETURN_MESSAGES.ifsc;
      }
    }
    return '';
  };
  const next = () => {
    const problem = check();
    setError(problem);
    if (!problem) setStep((s) => s + 1);
  };

  const submit = async () => {
    const problem = check();
    setError(problem);
    if (problem) return;
    const form = new FormData();
    form.append('lines', JSON.stringify([{ lineId: line.lineId, quantity: Number(quantity) }]));
    form.append('reason', reason);
    form.append('comment', comment);
    form.append('resolution', resolution);
    if (resolution === 'exchange') form.append('exchangeVariantId', exchangeVariantId);
    if (cod && resolution === 'refund')
      form.append('refundTo', JSON.stringify(payTo === 'upi' ? { upiId: upiId.trim() } : { accountName, accountNumber, ifsc }));
    for (const p of photos) form.append('photos', p, p.name);
    setSending(true);
    try {
      const { return: created } = await requestReturn(order._id, form);
      notify.success(`Return ${created._id} requested`);
      onDone();
    } catch (e) {
      setError(errorMessage(e, 'The return could not be requested'));
    } finally {
      setSending(false);
    }
  };

  const lastStep = 3;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {line.name}
        {line.variantLabel ? ` — ${line.variantLabel}` : ''}
      </Text>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Quantity">
          <NativeSelect
            label="How many to return"
            data={Array.from({ length: left }, (_, i) => String(i + 1))}
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
          />
        </Stepper.Step>
        <Stepper.Step label="Reason">
          <Stack gap="sm">
            <Radio.Group label="Why are you returning it?" value={reason} onChange={(v) => setReason(v as ReturnReason)}>
              <Stack gap={6} mt={6}>
                {RETURN_REASONS.map((r) => (
                  <Radio key={r} value={r} label={RETURN_REASON_LABELS[r]} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label="Anything to add (optional)"
              maxLength={500}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <FileInput
              label={needsPhotos ? 'Photos (1 to 3, required)' : 'Photos (up to 3, optional)'}
              accept="image/jpeg,image/png,image/webp"
              multiple
              clearable
              value={photos}
              onChange={setPhotos}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Refund or exchange">
          <Stack gap="sm">
            <Radio.Group label="What would you like?" value={resolution} onChange={(v) => setResolution(v as 'refund' | 'exchange')}>
              <Stack gap={6} mt={6}>
                <Radio value="refund" label={cod ? 'A refund to my UPI id or bank account' : 'A refund to my original payment'} />
                <Radio value="exchange" label="An exchange for another size or colour" disabled={others.length === 0} />
              </Stack>
            </Radio.Group>
            {resolution === 'exchange' && (
              <NativeSelect
                label="Exchange for"
                value={exchangeVariantId}
                onChange={(e) => setExchangeVariantId(e.currentTarget.value)}
                data={[
                  { value: '', label: 'Choose a size or colour' },
                  ...others.map((v) => {
                    const same = salePrice(v.price, v.discount) === sale;
                    const label = Object.entries(v.options)
                      .map(([k, val]) => `${k}: ${val}`)
                      .join(', ');
                    return {
                      value: v._id,
                      label: same
                        ? v.stock > 0
                          ? label
                          : `${label} (out of stock)`
                        : `${label} (${formatINR(salePrice(v.price, v.discount))}: return it instead)`,
                      disabled: !same || v.stock <= 0,
                    };
                  }),
                ]}
              />
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={cod && resolution === 'refund' ? 'Refund details' : 'Confirm'}>
          {cod && resolution === 'refund' ? (
            <Stack gap="sm">
              <SegmentedControl
                aria-label="Refund to"
                value={payTo}
                onChange={(v) => setPayTo(v as 'upi' | 'bank')}
                data={[
                  { value: 'upi', label: 'UPI' },
                  { value: 'bank', label: 'Bank account' },
                ]}
              />
              {payTo === 'upi' ? (
                <TextInput label="UPI id" placeholder="name@bank" value={upiId} onChange={(e) => setUpiId(e.currentTarget.value)} />
              ) : (
                <>
                  <TextInput label="Account holder’s name" value={accountName} onChange={(e) => setAccountName(e.currentTarget.value)} />
                  <TextInput
                    label="Account number"
                    inputMode="numeric"
                    value={accountNumber}
                    onChange={(e) => setAccountNumber(e.currentTarget.value)}
                  />
                  <TextInput label="IFSC" placeholder="SBIN0001234" value={ifsc} onChange={(e) => setIfsc(e.currentTarget.value)} />
                </>
              )}
            </Stack>
          ) : (
            <Text size="sm">
              {resolution === 'exchange'
                ? 'We pick up the bag and send the new one once it reaches us. No payment needed.'
                : `We pick up the bag and refund ${formatINR(sale * Number(quantity))} to your original payment once it passes our check.`}
            </Text>
          )}
        </Stepper.Step>
      </Stepper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={step === 0 ? onClose : () => setStep((s) => s - 1)}>
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        {step < lastStep ? (
          <Button onClick={next}>Next</Button>
        ) : (
          <Button onClick={submit} loading={sending}>
            Request {resolution === 'exchange' ? 'exchange' : 'return'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ReturnTimeline({ ret }: { ret: ReturnJson }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="return-card">
      <Group justify="space-between" mb={6}>
        <Text fw={600}>
          {ret._id} · {ret.resolution === 'exchange' ? 'Exchange' : 'Return'}
        </Text>
        <Badge
          variant="light"
          color={ret.status === 'rejected' ? 'red' : ret.status === 'refunded' || ret.status === 'exchanged' ? 'green' : 'blue'}
        >
          {RETURN_STATUS_LABELS[ret.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {ret.lines.map((l) => `${l.quantity} × ${l.name}${l.variantLabel ? ` (${l.variantLabel})` : ''}`).join(', ')}
        {ret.exchange ? ` → ${ret.exchange.variantLabel}` : ''}
        {ret.refundPaise > 0 ? ` · refund ${formatINR(ret.refundPaise / 100)}` : ''}
      </Text>
      {ret.payout && (
        <Text size="sm" c="dimmed">
          {ret.payout.status === 'paid' ? `Paid to ${ret.payout.to} (reference ${ret.payout.reference})` : `To be paid to ${ret.payout.to}`}
        </Text>
      )}
      {ret.rejectionReason && (
        <Text size="sm" c="red.8">
          {ret.rejectionReason}
        </Text>
      )}
      <Timeline active={ret.history.length - 1} bulletSize={12} lineWidth={2} mt="xs">
        {ret.history.map((h, i) => (
          <Timeline.Item key={`${h.status}-${i}`} title={RETURN_STATUS_LABELS[h.status]}>
            <Text size="xs" c="dimmed">
              {when(h.at)}
              {h.note ? ` · ${h.note}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}

/** The order page's "Returns and exchanges" (docs/returns.md): per line while the window lasts, then each return's timeline. */
export function ReturnsPanel({ order }: { order: Order }) {
  const [data, setData] = useState<OrderReturns | null>(null);
  const [open, setOpen] = useState<Line | null>(null);
  const load = useCallback(() => {
    getOrderReturns(order._id)
      .then(setData)
      .catch(() => setData(null));
  }, [order._id]);
  useEffect(() => {
    if (order.status === 'completed') load();
  }, [order.status, load]);
  if (order.status !== 'completed' || !data) return null;
  const { window: w } = data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-returns">
      <Title order={2} fz="lg" id="order-returns" mb="xs">
        Returns and exchanges
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {w.days === 0
          ? 'This shop does not take returns.'
          : w.daysLeft > 0
            ? `${w.days}-day returns: ${w.daysLeft} ${w.daysLeft === 1 ? 'day' : 'days'} left to start a return or exchange.`
            : `${w.days}-day returns: the window for this order has ended.`}
      </Text>
      <Stack gap="xs">
        {data.lines.map((l) => (
          <Group key={l.lineId} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {l.name}
              {l.variantLabel ? ` — ${l.variantLabel}` : ''}
              {l.returnedUnits > 0 ? ` (${l.returnedUnits} of ${l.quantity} returned)` : ''}
            </Text>
            {l.canReturn ? (
              <Button size="xs" variant="light" onClick={() => setOpen(l)} aria-label={`Return or exchange ${l.name}`}>
                Return or exchange
              </Button>
            ) : !l.returnable ? (
              <Text size="xs" c="dimmed">
                Not returnable{l.nonReturnableReason ? `: ${l.nonReturnableReason}` : ''}
              </Text>
            ) : null}
          </Group>
        ))}
        {data.returns.map((r) => (
          <ReturnTimeline key={r._id} ret={r} />
        ))}
      </Stack>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Return or exchange" size="lg" centered>
        {open && (
          <ReturnForm
            order={order}
            line={open}
            onClose={() => setOpen(null)}
            onDone={() => {
              setOpen(null);
              load();
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}
