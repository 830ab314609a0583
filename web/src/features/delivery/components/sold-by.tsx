import type { SellerInfo } from '@bagshop/domain';
import { Anchor } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getSellerInfo } from '../api/delivery-api';

/** The seller (GET /api/seller), loaded once per page load; null until it is known. */
export function useSeller(): SellerInfo | null {
  const [seller, setSeller] = useState<SellerInfo | null>(null);
  useEffect(() => {
    let live = true;
    getSellerInfo()
      .then((s) => live && setSeller(s))
      .catch((error: unknown) => console.error('Loading the seller failed', error));
    return () => {
      live = false;
    };
  }, []);
  return seller;
}

/** 'Sold by Bagshop Retail LLP' as a term of the product page's details list. */
export function SoldBy() {
  const seller = useSeller();
  return (
    <div>
      <dt>Sold by</dt>
      <dd data-testid="sold-by">
        {seller ? (
          <Anchor component={Link} to="/seller" c="blue.8" inherit>
            {seller.legalName}
          </Anchor>
        ) : (
          '…'
        )}
      </dd>
    </div>
  );
}
