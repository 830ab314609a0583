import type { SellerInfo } from '@bagshop/domain';
import { Text } from '@mantine/core';
import { useRouteLoaderData } from 'react-router';

/**
 * The footer's seller disclosure: legal name, address, GSTIN and contact, drawn with the page on
 * the server (the root route's loader reads it; issue 22 §4), so it is in every page's HTML.
 */
export function SellerLine() {
  const seller = useRouteLoaderData<{ seller: SellerInfo | null }>('root')?.seller;
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

export default SellerLine;
