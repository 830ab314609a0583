import { CATEGORIES, CATEGORY_LABELS, warrantyClaim, type SellerSettingsInput, type WarrantyYears } from '@bagshop/domain';
import { Card, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/**
 * Seller settings → Warranty (docs/warranty.md): each category's years ('lifetime' or a number),
 * what it covers and leaves out (one phrase a line), and what "lifetime" means. The home page,
 * product pages, /warranty and the invoices word the warranty from these.
 */
export function WarrantyTermsCard({ form }: { form: UseFormReturnType<SellerSettingsInput> }) {
  const terms = form.values.warranty;
  const lines = (items: string[]) => items.join('\n');
  const split = (text: string) => text.split('\n');
  return (
    <Card withBorder radius="md" padding="lg" component="fieldset" aria-labelledby="warranty-terms-title" style={{ margin: 0 }}>
      <Title order={3} fz="h4" id="warranty-terms-title" mb={4}>
        Warranty
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Shown as: {warrantyClaim(terms)}. A product may name its own years.
      </Text>
      <Stack gap="md">
        {CATEGORIES.map((c) => (
          <SimpleGrid key={c} cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={`${CATEGORY_LABELS[c]}: years`}
              description="A number, or lifetime"
              value={String(terms.categories[c].years)}
              error={form.errors[`warranty.categories.${c}.years`]}
              onChange={(e) => {
                const raw = e.currentTarget.value.trim();
                const years: WarrantyYears = raw.toLowerCase() === 'lifetime' ? 'lifetime' : (raw as unknown as number);
                form.setFieldValue(`warranty.categories.${c}.years`, years);
              }}
            />
            <Textarea
              label={`${CATEGORY_LABELS[c]}: covers`}
              description="One a line"
              rows={2}
              value={lines(terms.categories[c].covers)}
              error={form.errors[`warranty.categories.${c}.covers`]}
              onChange={(e) => form.setFieldValue(`warranty.categories.${c}.covers`, split(e.currentTarget.value))}
            />
            <Textarea
              label={`${CATEGORY_LABELS[c]}: not covered`}
              description="One a line"
              rows={2}
              value={lines(terms.categories[c].excludes)}
              error={form.errors[`warranty.categories.${c}.excludes`]}
              onChange={(e) => form.setFieldValue(`warranty.categories.${c}.excludes`, split(e.currentTarget.value))}
            />
          </SimpleGrid>
        ))}
        <Textarea label="What lifetime means" rows={2} {...form.getInputProps('warranty.lifetimeMeans')} />
      </Stack>
    </Card>
  );
}
