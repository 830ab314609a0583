import { SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour3, IconMapPin, IconRocket, IconShieldCheck, IconTruckDelivery } from '@tabler/icons-react';
import {
  DEFAULT_DELIVERY_RULES,
  DEFAULT_SHIPPING_SETTINGS,
  expressPolicyOf,
  shippingWording,
  warrantyClaim,
  warrantyHeadline,
  type ShippingWording,
} from '@bagshop/domain';
import type { ReactNode } from 'react';
import { useWarrantyTerms } from '../../../components/sold-by';

interface ShopPromise {
  icon: ReactNode;
  title: string;
  text: string;
  /** The warranty's entry is worded from the seller's terms (docs/warranty.md). */
  warranty?: true;
}

/**
 * The shop's delivery and quality promises (docs/spec.md §1, §9), worded the same everywhere;
 * the shipping ones from the shipping settings (issue 40): "Express delivery" only while it is
 * offered to some PIN.
 */
export function shopPromises(shipping: ShippingWording): ShopPromise[] {
  return [
    { icon: <IconTruckDelivery size={26} aria-hidden />, title: shipping.freeTitle, text: shipping.freeText },
    {
      icon: <IconClockHour3 size={26} aria-hidden />,
      title: 'Fast delivery',
      text: 'Your delivery date for your PIN code, before you pay.',
    },
    ...(shipping.expressTitle && shipping.expressText
      ? [{ icon: <IconRocket size={26} aria-hidden />, title: shipping.expressTitle, text: shipping.expressText }]
      : []),
    { icon: <IconMapPin size={26} aria-hidden />, title: 'All-India shipping', text: 'We ship to every PIN code in India.' },
    {
      icon: <IconShieldCheck size={26} aria-hidden />,
      title: 'Lifetime warranty',
      text: 'Built for a 5-year lifespan, backed for life.',
      warranty: true,
    },
  ];
}

/** The promises with the default shipping settings (express free to metro and tier-1 cities). */
export const PROMISES: ShopPromise[] = shopPromises(shippingWording(expressPolicyOf(DEFAULT_DELIVERY_RULES, DEFAULT_SHIPPING_SETTINGS)));

export function PromiseBand({ title = 'Why shop with us', shipping }: { title?: string; shipping?: ShippingWording }) {
  const terms = useWarrantyTerms();
  const headline = warrantyHeadline(terms);
  const promises = (shipping ? shopPromises(shipping) : PROMISES).flatMap((p) =>
    !p.warranty ? [p] : headline ? [{ ...p, title: headline, text: `Built for a 5-year lifespan. ${warrantyClaim(terms)}.` }] : [],
  );
  return (
    <Stack component="section" aria-label={title} gap="lg" py="xl">
      <Text component="h2" fz={26} fw={800} ta="center" m={0}>
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="lg">
        {promises.map((p) => (
          <Stack key={p.title} align="center" gap={6} ta="center">
            <ThemeIcon size={52} radius="xl" variant="light" color="blue">
              {p.icon}
            </ThemeIcon>
            <Text component="h3" fw={700} fz="md" m={0}>
              {p.title}
            </Text>
            <Text fz="sm" c="gray.7">
              {p.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
