import {
  addressText,
  DEFAULT_RETURN_WINDOW_DAYS,
  DEFAULT_WARRANTY_TERMS,
  financialYearCode,
  financialYearStart,
  GST_STATE_CODES,
  INDIAN_STATES,
  sellerSettingsSchema,
  type ConsumerCare,
  type SellerSettings,
  type SellerSettingsInput,
} from '@bagshop/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconHeadset, IconReceipt2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { getSellerSettings, saveSellerSettings } from '../api/admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { useLoad } from '../hooks/use-load';
import { PageHeader } from './page-header';
import { WarrantyTermsCard } from './warranty-terms-card';

const EMPTY: SellerSettingsInput = {
  legalName: '',
  address: { line1: '', line2: '', city: '', state: 'Maharashtra', pincode: '' },
  gstin: '',
  invoicePrefix: '',
  email: '',
  phone: '',
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  warranty: DEFAULT_WARRANTY_TERMS,
  einvoice: 'off',
};

/** Consumer care when the seller sets none: the business's own (domain/src/codecs/seller.ts). */
const businessCare = (s: Pick<SellerSettingsInput, 'legalName' | 'address' | 'phone' | 'email'>): ConsumerCare => ({
  name: s.legalName,
  address: addressText({ ...s.address, line2: s.address.line2 ?? '' }),
  phone: s.phone,
  email: s.email,
});

const sameCare = (a: ConsumerCare, b: ConsumerCare) =>
  a.name === b.name && a.address === b.address && a.phone === b.phone && a.email === b.email;

function formValues(s: SellerSettings | null | undefined): SellerSettingsInput {
  if (!s) return EMPTY;
  const values: SellerSettingsInput = {
    legalName: s.legalName,
    address: { ...s.address },
    gstin: s.gstin,
    invoicePrefix: s.invoicePrefix,
    email: s.email,
    phone: s.phone,
    returnWindowDays: s.returnWindowDays,
    warranty: s.warranty,
    einvoice: s.einvoice,
  };
  // The API answers the business's own when none is set: left out, it keeps following the business.
  return sameCare(s.consumerCare, businessCare(values)) ? values : { ...values, consumerCare: { ...s.consumerCare } };
}

const updatedLabel = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** /admin/settings: the seller printed on every tax invoice (settings/seller). */
export function SellerSettingsPage() {
  useAdminTitle('Seller settings');
  const { data, error, loading } = useLoad(getSellerSettings);
  return (
    <>
      <PageHeader
        title="Seller settings"
        subtitle="Printed on every tax invoice and credit note. An invoice keeps the details it was issued with."
      />
      {loading && data === undefined && (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the seller settings" />
        </Group>
      )}
      {Boolean(error) && data === undefined && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Could not load the seller settings">
          {errorMessage(error)}
        </Alert>
      )}
      {data !== undefined && <SellerForm settings={data} />}
    </>
  );
}

function SellerForm({ settings }: { settings: SellerSettings | null }) {
  const form = useSchemaForm(sellerSettingsSchema, formValues(settings));
  const [saving, setSaving] = useState(false);
  const [updatedAt, setUpdatedAt] = useState(settings?.updatedAt ?? null);
  const { values } = form;
  const fy = financialYearCode(financialYearStart(new Date()));
  const prefix = values.invoicePrefix.replace(/\s+/g, '').toUpperCase() || 'BS';

  // The GSTIN's first two digits must be the state's code: say which code is expected.
  const stateCode = GST_STATE_CODES[values.address.state];
  useEffect(() => {
    if (form.isTouched('gstin')) form.validateField('gstin');
    // Only when the state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values.address.state]);

  const save = form.onSubmit(async (input) => {
    setSaving(true);
    try {
      const saved = await saveSellerSettings(sellerSettingsSchema.parse(input));
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      setUpdatedAt(saved.updatedAt);
      notify.success('Seller settings saved');
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) form.setErrors(Object.fromEntries(e.errors.map((x) => [x.field, x.message])));
      notify.error(errorMessage(e, 'Failed to save the seller settings'));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={save} noValidate aria-label="Seller settings">
      <Stack gap="lg" maw={900}>
        {!settings && (
          <Alert color="yellow" icon={<IconAlertTriangle />} title="No seller yet">
            Orders cannot be confirmed until the seller is filled in: every confirmed order gets a tax invoice.
          </Alert>
        )}
        <Card withBorder radius="md" padding="lg">
          <Title order={3} fz="h4" mb="sm">
            Business
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Legal name" withAsterisk maxLength={120} autoComplete="organization" {...form.getInputProps('legalName')} />
            <TextInput
              label="GSTIN"
              withAsterisk
              maxLength={20}
              autoComplete="off"
              description={`15 characters, starting with ${stateCode} for ${values.address.state}`}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
              {...form.getInputProps('gstin')}
            />
            <TextInput label="Email" withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
            <TextInput label="Phone" withAsterisk type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <TextInput
              label="Return window (days)"
              description="Days after delivery a shopper may start a return or exchange; 0 = no returns"
              inputMode="numeric"
              {...form.getInputProps('returnWindowDays')}
            />
          </SimpleGrid>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={3} fz="h4" mb="sm">
            Registered address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Address line 1" withAsterisk autoComplete="address-line1" {...form.getInputProps('address.line1')} />
            <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps('address.line2')} />
            <TextInput label="City" withAsterisk autoComplete="address-level2" {...form.getInputProps('address.city')} />
            <TextInput
              label="PIN code"
              withAsterisk
              inputMode="numeric"
              maxLength={6}
              autoComplete="postal-code"
              {...form.getInputProps('address.pincode')}
            />
            <NativeSelect
              label="State"
              withAsterisk
              description="The state of the GSTIN: deliveries here pay CGST + SGST, elsewhere IGST"
              data={INDIAN_STATES.map((s) => ({ value: s, label: `${s} (${GST_STATE_CODES[s]})` }))}
              {...form.getInputProps('address.state')}
            />
          </SimpleGrid>
        </Card>

        <ConsumerCareCard form={form} />

        <Card withBorder radius="md" padding="lg">
          <Group gap="xs" mb="sm">
            <IconReceipt2 size={20} aria-hidden />
            <Title order={3} fz="h4">
              Invoice numbers
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Invoice prefix"
              withAsterisk
              maxLength={2}
              description="1 or 2 capital letters or digits"
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('invoicePrefix')}
            />
            <div aria-live="polite">
              <Text size="sm" fw={500}>
                Numbers this year
              </Text>
              <Text size="sm" ff="monospace" data-testid="invoice-number-example">
                {prefix}/{fy}/0000001
              </Text>
              <Text size="sm" ff="monospace">
                {prefix}/{fy}/C0000001{' '}
                <Text span c="dimmed" size="xs" ff="body">
                  (credit notes)
                </Text>
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                One series per financial year (1 April to 31 March), consecutive and never reused.
              </Text>
            </div>
            <NativeSelect
              label="E-invoicing"
              description="On: every invoice to a buyer with a GSTIN is reported to the Invoice Registration Portal, and ships only once it has its IRN"
              data={[
                { value: 'off', label: 'Off' },
                { value: 'on', label: 'On (turnover above ₹5 crore)' },
              ]}
              {...form.getInputProps('einvoice')}
            />
          </SimpleGrid>
        </Card>

        <WarrantyTermsCard form={form} />

        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {updatedAt ? `Last saved ${updatedLabel(updatedAt)}` : 'Not saved yet'}
          </Text>
          <Button type="submit" loading={saving}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type SellerForm = ReturnType<typeof useSchemaForm<SellerSettingsInput>>;

/**
 * Consumer care, shown on every product page under "Product details (as required by law)"
 * (docs/legal-metrology.md): the business's own details unless the switch is turned off.
 */
function ConsumerCareCard({ form }: { form: SellerForm }) {
  const { values } = form;
  const own = values.consumerCare !== undefined;
  const shown = values.consumerCare ?? businessCare(values);
  const setOwn = (checked: boolean) => {
    // Turned off: start from the business's details. Turned on: left out of the save.
    form.setFieldValue('consumerCare', checked ? undefined : businessCare(values));
    if (checked) form.clearFieldError('consumerCare');
  };
  return (
    <Card withBorder radius="md" padding="lg" component="fieldset" aria-labelledby="consumer-care-title" style={{ margin: 0 }}>
      <Group gap="xs" mb={4}>
        <IconHeadset size={20} aria-hidden />
        <Title order={3} fz="h4" id="consumer-care-title">
          Consumer care
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Shown on every product page, under “Product details (as required by law)”.
      </Text>
      <Switch label="Same as the business details above" checked={!own} onChange={(event) => setOwn(event.currentTarget.checked)} mb="sm" />
      {own ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Consumer care name" withAsterisk maxLength={120} {...form.getInputProps('consumerCare.name')} />
          <TextInput label="Consumer care phone" withAsterisk type="tel" autoComplete="off" {...form.getInputProps('consumerCare.phone')} />
          <TextInput
            label="Consumer care email"
            withAsterisk
            type="email"
            autoComplete="off"
            {...form.getInputProps('consumerCare.email')}
          />
          <Textarea
            label="Consumer care address"
            withAsterisk
            rows={3}
            description="At most 300 characters"
            {...form.getInputProps('consumerCare.address')}
          />
        </SimpleGrid>
      ) : (
        <Text size="sm" data-testid="consumer-care-preview">
          {shown.name}, {shown.address} · {shown.phone} · {shown.email}
        </Text>
      )}
    </Card>
  );
}
