import {
  DELIVERY_ZONE_LABELS,
  DELIVERY_ZONES,
  WEEKDAY_LABELS,
  type DeliveryRules,
  type DeliveryZone,
  type DistrictRef,
  type Holiday,
  type IndianState,
} from '@bagshop/domain';
import {
  ActionIcon,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getDeliveryRules, getDistricts, saveDeliveryRules } from '../api/disclosures-admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { PageHeader } from './page-header';

const key = (d: DistrictRef) => `${d.state}|${d.district}`;
const fromKey = (k: string): DistrictRef => ({ state: k.slice(0, k.indexOf('|')) as IndianState, district: k.slice(k.indexOf('|') + 1) });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** /admin/delivery: the warehouse, dispatch calendar, zone days, unserved places and COD limits. */
export function DeliveryPage() {
  useAdminTitle('Delivery');
  const [rules, setRules] = useState<DeliveryRules | null>(null);
  const [districts, setDistricts] = useState<DistrictRef[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([getDeliveryRules(), getDistricts()])
      .then(([r, d]) => {
        if (!live) return;
        setRules(r);
        setDistricts(d.districts);
      })
      .catch((error: unknown) => notify.error(errorMessage(error, 'Failed to load the delivery settings')));
    return () => {
      live = false;
    };
  }, []);

  const districtOptions = useMemo(() => districts.map((d) => ({ value: key(d), label: `${d.district}, ${d.state}` })), [districts]);

  if (!rules) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading the delivery settings" />
      </Center>
    );
  }

  const set = <K extends keyof DeliveryRules>(field: K, value: DeliveryRules[K]) => setRules({ ...rules, [field]: value });
  const setZone = (zone: DeliveryZone, end: 'min' | 'max', value: number | string) =>
    set('zoneDays', { ...rules.zoneDays, [zone]: { ...rules.zoneDays[zone], [end]: typeof value === 'number' ? value : Number(value) } });
  const setHoliday = (i: number, patch: Partial<Holiday>) =>
    set(
      'holidays',
      rules.holidays.map((h, j) => (j === i ? { ...h, ...patch } : h)),
    );

  const districtPicker = (field: 'cityDistricts' | 'metroDistricts' | 'unservedDistricts', label: string, description: string) => (
    <MultiSelect
      label={label}
      description={description}
      data={districtOptions}
      value={rules[field].map(key)}
      onChange={(values) => set(field, values.map(fromKey))}
      searchable
      limit={50}
      nothingFoundMessage="No such district"
      comboboxProps={{ withinPortal: true }}
    />
  );

  const save = async () => {
    setSaving(true);
    try {
      setRules(await saveDeliveryRules(rules));
      notify.success('Delivery settings saved');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save the delivery settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Delivery settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PageHeader
        title="Delivery"
        subtitle="What the product page, cart and checkout promise, and where cash on delivery is offered."
        actions={
          <Button type="submit" loading={saving}>
            Save settings
          </Button>
        }
      />
      <Stack gap="md">
        <Section title="Warehouse and dispatch">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Warehouse PIN code"
              inputMode="numeric"
              maxLength={6}
              value={rules.warehousePin}
              onChange={(e) => set('warehousePin', e.currentTarget.value.trim())}
            />
            <TextInput
              label="Dispatch cut-off (IST, HH:MM)"
              description="Orders before it leave the same working day"
              maxLength={5}
              value={rules.cutoff}
              onChange={(e) => set('cutoff', e.currentTarget.value.trim())}
            />
          </SimpleGrid>
          <Checkbox.Group
            label="Working days"
            description="Parcels are dispatched and delivered on these days"
            mt="md"
            value={rules.workingDays.map(String)}
            onChange={(values) =>
              set(
                'workingDays',
                values.map(Number).sort((a, b) => a - b),
              )
            }
          >
            <Group gap="md" mt="xs">
              {WEEKDAY_LABELS.map((label, day) => (
                <Checkbox key={label} value={String(day)} label={label} />
              ))}
            </Group>
          </Checkbox.Group>
        </Section>

        <Section title="Delivery days by zone">
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Working days from dispatch by zone" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Zone</Table.Th>
                  <Table.Th w={120}>Fewest days</Table.Th>
                  <Table.Th w={120}>Most days</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {DELIVERY_ZONES.map((zone) => (
                  <Table.Tr key={zone}>
                    <Table.Td>{DELIVERY_ZONE_LABELS[zone]}</Table.Td>
                    {(['min', 'max'] as const).map((end) => (
                      <Table.Td key={end}>
                        <NumberInput
                          aria-label={`${DELIVERY_ZONE_LABELS[zone]}: ${end === 'min' ? 'fewest' : 'most'} days`}
                          value={rules.zoneDays[zone][end]}
                          onChange={(v) => setZone(zone, end, v)}
                          min={0}
                          max={30}
                          allowDecimal={false}
                          allowNegative={false}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="sm" mt="md">
            {districtPicker(
              'cityDistricts',
              'Also the warehouse city',
              "Districts besides the warehouse's own that count as the same city",
            )}
            {districtPicker('metroDistricts', 'Metro districts', 'Delivered in the metro zone')}
          </Stack>
        </Section>

        <Section title="Holidays">
          <Stack gap="xs">
            {rules.holidays.length === 0 && (
              <Text size="sm" c="dimmed">
                No holidays listed.
              </Text>
            )}
            {rules.holidays.map((h, i) => (
              <Group key={`${i}-${h.date}`} gap="xs" wrap="wrap" align="flex-end">
                <TextInput
                  type="date"
                  label={i === 0 ? 'Date' : undefined}
                  aria-label="Holiday date"
                  value={h.date}
                  onChange={(e) => setHoliday(i, { date: e.currentTarget.value })}
                  w={170}
                />
                <TextInput
                  label={i === 0 ? 'Name' : undefined}
                  aria-label="Holiday name"
                  value={h.name}
                  onChange={(e) => setHoliday(i, { name: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 150 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove ${h.name || 'holiday'}`}
                  onClick={() =>
                    set(
                      'holidays',
                      rules.holidays.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              w="fit-content"
              onClick={() => set('holidays', [...rules.holidays, { date: '', name: '' }])}
            >
              Add holiday
            </Button>
          </Stack>
        </Section>

        <Section title="Where we deliver and cash on delivery">
          <Stack gap="sm">
            <TagsInput
              label="PIN codes not served"
              description="Type a PIN code and press Enter"
              value={rules.unservedPins}
              onChange={(v) => set('unservedPins', v)}
            />
            {districtPicker('unservedDistricts', 'Districts not served', 'No order can be placed to these districts')}
            <TagsInput
              label="PIN codes without cash on delivery"
              description="Shoppers there pay online"
              value={rules.codOffPins}
              onChange={(v) => set('codOffPins', v)}
            />
            <NumberInput
              label="Cash on delivery up to (₹)"
              description="Orders above this total must be paid online"
              value={rules.codMaxTotal}
              onChange={(v) => set('codMaxTotal', typeof v === 'number' ? v : Number(v))}
              min={0}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              maw={260}
            />
          </Stack>
        </Section>
      </Stack>
    </form>
  );
}
