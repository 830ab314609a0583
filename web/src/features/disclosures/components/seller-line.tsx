import { Text } from '@mantine/core';
import { useSeller } from '../../delivery/components/sold-by';

/** The footer's seller disclosure: legal name, address, GSTIN and contact, fetched after the first paint. */
export default function SellerLine() {
  const seller = useSeller({ afterPaint: true });
  const a = seller?.address;
  return (
    <Text size="sm" c="gray.4" mt="xl" mih="1.55em" data-testid="footer-seller">
      {seller && a && (
        <>
          Sold by {seller.legalName} · {a.line1}, {a.line2}, {a.city} {a.pincode}, {a.state} · GSTIN {seller.gstin} · {seller.email} ·{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{seller.phone}</span>
        </>
      )}
    </Text>
  );
}
