import { Anchor, List, Text } from '@mantine/core';
import type { SellerInfo } from '@bagshop/domain';
import { useSeller } from './sold-by';

export function sellerAddressLines(seller: SellerInfo): string[] {
  const a = seller.address;
  return [a.line1, a.line2, `${a.city} ${a.pincode}`, `${a.state}, India`].filter(Boolean);
}

/** The Contact page's email, phone and address: the seller's own (GET /api/seller). */
export function SellerContact({ part }: { part: 'reach' | 'address' }) {
  const seller = useSeller();
  if (!seller) return <Text c="gray.7">Loading…</Text>;
  if (part === 'address') return <Text>{[seller.legalName, ...sellerAddressLines(seller)].join(', ')}</Text>;
  return (
    <List spacing={4}>
      <List.Item>
        Email:{' '}
        <Anchor href={`mailto:${seller.email}`} c="blue.8">
          {seller.email}
        </Anchor>{' '}
        (we reply within one business day)
      </List.Item>
      <List.Item>
        Phone:{' '}
        <Anchor href={`tel:${seller.phone.replace(/\s/g, '')}`} c="blue.8">
          {seller.phone}
        </Anchor>{' '}
        (Monday to Saturday, 10:00-19:00 IST)
      </List.Item>
    </List>
  );
}
