import type { SellerInfo } from '@bagshop/domain';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../../lib/after-paint';
import { getSellerInfo } from '../../delivery/api/delivery-api';

/** The footer's seller disclosure: legal name, address, GSTIN and contact, fetched after the first paint. */
export default function SellerLine() {
  const [seller, setSeller] = useState<SellerInfo | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = afterNextPaint(() => {
      getSellerInfo()
        .then((s) => live && setSeller(s))
        .catch((error: unknown) => console.error('Loading the seller failed', error));
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
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
