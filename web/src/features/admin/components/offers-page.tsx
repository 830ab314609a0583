// Admin → Offers (docs/offers.md): every coupon code and automatic offer with its uses and the
// discount it has given; a form to create or edit one, checked by the same schema as the API.
import {
  CATEGORIES,
  CATEGORY_LABELS,
  formatOfferDate,
  formatPaise,
  OFFER_FIELD_MESSAGES,
  offerInputSchema,
  fieldErrors,
  type Offer,
} from '@bagshop/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { createOffer, getOffers, updateOffer } from '../api/offers-admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { AdminTable } from './admin-table';
import { PageHeader } from './page-header';

interface FormState {
  code: string;
  title: string;
  /** A no-cost EMI offer (issue 43) is not editable in this form yet: it keeps its kind. */
  kind: Offer['kind'];
  value: number | string;
  maxDiscount: number | string;
  minOrder: number | string;
  categories: string[];
  productIds: string;
  startsAt: string;
  endsAt: string;
  usageLimit: number | string;
  perCustomerLimit: number | string;
  firstOrderOnly: boolean;
  online: boolean;
  cod: boolean;
  combinable: boolean;
}

/** An ISO instant as the IST 'YYYY-MM-DDTHH:mm' the form edits. */
function istLocal(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return d.toISOString().slice(0, 16);
}

const EMPTY: FormState = {
  code: '',
  title: '',
  kind: 'percent',
  value: 10,
  maxDiscount: '',
  minOrder: '',
  categories: [],
  productIds: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  online: true,
  cod: true,
  combinable: true,
};

function formOf(o: Offer): FormState {
  return {
    code: o.code ?? '',
    title: o.title,
    kind: o.kind,
    value: o.value,
    maxDiscount: o.maxDiscount ?? '',
    minOrder: o.minOrder ?? '',
    categories: o.appliesTo?.categories ?? [],
    productIds: (o.appliesTo?.productIds ?? []).join(', '),
    startsAt: istLocal(o.startsAt),
    endsAt: istLocal(o.endsAt),
    usageLimit: o.usageLimit ?? '',
    perCustomerLimit: o.perCustomerLimit ?? '',
    firstOrderOnly: o.firstOrderOnly,
    online: o.paymentMethods.length === 0 || o.paymentMethods.includes('ONLINE'),
    cod: o.paymentMethods.length === 0 || o.paymentMethods.includes('COD'),
    combinable: o.combinable,
  };
}

const num = (v: number | string) => (v === '' ? null : Number(v));

function bodyOf(f: FormState): Record<string, unknown> {
  const productIds = f.productIds
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const methods = [...(f.online ? ['ONLINE'] : []), ...(f.cod ? ['COD'] : [])];
  return {
    code: f.code.trim() === '' ? null : f.code.trim(),
    title: f.title,
    kind: f.kind,
    value: num(f.value),
    maxDiscount: f.kind === 'percent' ? num(f.maxDiscount) : null,
    minOrder: num(f.minOrder),
    appliesTo: f.categories.length > 0 || productIds.length > 0 ? { categories: f.categories, productIds } : null,
    startsAt: f.startsAt,
    endsAt: f.endsAt,
    usageLimit: num(f.usageLimit),
    perCustomerLimit: num(f.perCustomerLimit),
    firstOrderOnly: f.firstOrderOnly,
    paymentMethods: methods.length === 2 ? null : methods,
    combinable: f.combinable,
  };
}

function valueLabel(o: Offer): string {
  const base = o.kind === 'percent' ? `${o.value} %` : `₹${o.value.toLocaleString('en-IN')}`;
  return o.kind === 'percent' && o.maxDiscount ? `${base} (up to ₹${o.maxDiscount.toLocaleString('en-IN')})` : base;
}

function statusOf(o: Offer, now = Date.now()): { label: string; color: string } {
  if (now < new Date(o.startsAt).getTime()) return { label: 'Scheduled', color: 'blue' };
  if (now >= new Date(o.endsAt).getTime()) return { label: 'Ended', color: 'gray' };
  if (o.usageLimit !== null && o.usedCount >= o.usageLimit) return { label: 'Used up', color: 'orange' };
  return { label: 'Live', color: 'green' };
}

function OfferForm({
  initial,
  onSaved,
  onCancel,
  id,
}: {
  initial: FormState;
  id: string | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [f, setF] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setF((prev) => ({ ...prev, [key]: value }));
  const err = (field: string) => errors[field];

  const save = async () => {
    const body = bodyOf(f);
    const checked = offerInputSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(fieldErrors(checked.error).map((e) => [e.field.split('.')[0] ?? e.field, e.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (id) await updateOffer(id, body);
      else await createOffer(body);
      notify.success(id ? 'Offer saved' : 'Offer created');
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length > 0)
        setErrors(Object.fromEntries(e.errors.map((x) => [x.field.split('.')[0] ?? x.field, x.message])));
      else if (e instanceof ApiError && e.status === 409) setErrors({ code: e.message });
      notify.error(errorMessage(e, 'The offer could not be saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={id ? 'Edit offer' : 'New offer'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Code"
          description="4–20 capital letters or digits; leave empty for an automatic offer"
          value={f.code}
          onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
          error={err('code')}
          maxLength={20}
        />
        <TextInput
          label="Title"
          withAsterisk
          value={f.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={err('title')}
          maxLength={80}
        />
        <Group grow align="flex-start">
          <Select
            label="Kind"
            data={[
              { value: 'percent', label: 'Percent off' },
              { value: 'flat', label: 'Rupees off' },
            ]}
            value={f.kind}
            onChange={(v) => set('kind', v === 'flat' ? 'flat' : 'percent')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={f.kind === 'percent' ? 'Percent' : 'Rupees'}
            withAsterisk
            value={f.value}
            onChange={(v) => set('value', v)}
            error={err('value')}
            min={1}
            allowDecimal={false}
          />
        </Group>
        <Group grow align="flex-start">
          {f.kind === 'percent' && (
            <NumberInput
              label="Maximum discount (₹)"
              value={f.maxDiscount}
              onChange={(v) => set('maxDiscount', v)}
              error={err('maxDiscount')}
              min={1}
              allowDecimal={false}
            />
          )}
          <NumberInput
            label="Minimum order (₹)"
            value={f.minOrder}
            onChange={(v) => set('minOrder', v)}
            error={err('minOrder')}
            min={1}
            allowDecimal={false}
          />
        </Group>
        <MultiSelect
          label="Only these categories"
          description="Empty: every bag"
          data={CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
          value={f.categories}
          onChange={(v) => set('categories', v)}
          error={err('appliesTo')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Only these product ids"
          description="Separated by commas"
          value={f.productIds}
          onChange={(e) => set('productIds', e.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Starts (IST)"
            type="datetime-local"
            withAsterisk
            value={f.startsAt}
            onChange={(e) => set('startsAt', e.currentTarget.value)}
            error={err('startsAt')}
          />
          <TextInput
            label="Ends (IST)"
            type="datetime-local"
            withAsterisk
            value={f.endsAt}
            onChange={(e) => set('endsAt', e.currentTarget.value)}
            error={err('endsAt')}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label="Usage limit (orders)"
            value={f.usageLimit}
            onChange={(v) => set('usageLimit', v)}
            error={err('usageLimit')}
            min={1}
            allowDecimal={false}
          />
          <NumberInput
            label="Uses per shopper"
            description="Codes: 1 when empty"
            value={f.perCustomerLimit}
            onChange={(v) => set('perCustomerLimit', v)}
            error={err('perCustomerLimit')}
            min={1}
            allowDecimal={false}
          />
        </Group>
        <Group>
          <Checkbox label="Pay online" checked={f.online} onChange={(e) => set('online', e.currentTarget.checked)} />
          <Checkbox label="Cash on delivery" checked={f.cod} onChange={(e) => set('cod', e.currentTarget.checked)} />
        </Group>
        {err('paymentMethods') && (
          <Text size="sm" c="red.8">
            {err('paymentMethods') ?? OFFER_FIELD_MESSAGES.paymentMethods}
          </Text>
        )}
        <Switch label="First order only" checked={f.firstOrderOnly} onChange={(e) => set('firstOrderOnly', e.currentTarget.checked)} />
        <Switch label="Combines with other offers" checked={f.combinable} onChange={(e) => set('combinable', e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {id ? 'Save offer' : 'Create offer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function OffersPage() {
  useAdminTitle('Offers');
  const { data, loading, error, reload } = useLoad(getOffers);
  const [editing, setEditing] = useState<{ id: string | null; initial: FormState } | null>(null);
  const offers = data ?? [];
  const message =
    loading && !data ? 'Loading offers…' : error ? 'The offers could not be loaded' : offers.length === 0 ? 'No offers yet' : null;

  return (
    <>
      <PageHeader
        title="Offers"
        subtitle="Coupon codes and automatic offers, with the real dates shoppers see."
        actions={<Button onClick={() => setEditing({ id: null, initial: EMPTY })}>New offer</Button>}
      />
      <AdminTable
        label="Offers"
        minWidth={880}
        message={message}
        columns={[
          { label: 'Offer' },
          { label: 'Discount' },
          { label: 'Dates (IST)' },
          { label: 'Rules' },
          { label: 'Uses', align: 'right' },
          { label: 'Discount given', align: 'right' },
          { label: '' },
        ]}
      >
        {offers.map((o) => {
          const status = statusOf(o);
          return (
            <Table.Tr key={o._id} data-testid="offer-row">
              <Table.Td>
                <Text fw={600}>{o.code ?? 'Automatic'}</Text>
                <Text size="sm" c="dimmed">
                  {o.title}
                </Text>
                <Badge color={status.color} variant="light" mt={4}>
                  {status.label}
                </Badge>
              </Table.Td>
              <Table.Td>{valueLabel(o)}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {formatOfferDate(o.startsAt)} – {formatOfferDate(o.endsAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {[
                    o.minOrder ? `Min ₹${o.minOrder.toLocaleString('en-IN')}` : '',
                    o.firstOrderOnly ? 'First order' : '',
                    o.paymentMethods.length === 1 ? (o.paymentMethods[0] === 'ONLINE' ? 'Online only' : 'COD only') : '',
                    o.appliesTo ? 'Some bags' : '',
                    o.combinable ? 'Combines' : '',
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {o.usedCount}
                {o.usageLimit !== null ? ` / ${o.usageLimit}` : ''}
              </Table.Td>
              <Table.Td ta="right">{formatPaise(o.discountGivenPaise, { symbol: true })}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setEditing({ id: o._id, initial: formOf(o) })}
                  aria-label={`Edit ${o.code ?? o.title}`}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </AdminTable>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Edit offer' : 'New offer'} size="lg" centered>
        {editing && (
          <OfferForm
            key={editing.id ?? 'new'}
            id={editing.id}
            initial={editing.initial}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void reload();
            }}
          />
        )}
      </Modal>
    </>
  );
}
