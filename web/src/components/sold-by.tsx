import { returnPolicyLabel, type SellerInfo } from '@bagshop/domain';
import { Anchor } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { afterNextPaint } from '../lib/after-paint';
import { getSellerInfo } from '../lib/delivery-api';

const RETRY_MS = [2000, 8000];

/** The seller (GET /api/seller), loaded once per page load (asked again twice if it fails); null until it is known. */
export function useSeller({ afterPaint = false }: { afterPaint?: boolean } = {}): SellerInfo | null {
  const [seller, setSeller] = useState<SellerInfo | null>(null);
  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const load = (attempt: number) => {
      getSellerInfo()
        .then((s) => live && setSeller(s))
        .catch((error: unknown) => {
          console.error('Loading the seller failed', error);
          const wait = RETRY_MS[attempt];
          if (live && wait !== undefined) timer = window.setTimeout(() => load(attempt + 1), wait);
        });
    };
    const cancel = afterPaint ? afterNextPaint(() => load(0)) : (load(0), () => {});
    return () => {
      live = false;
      cancel();
      window.clearTimeout(timer);
    };
  }, [afterPaint]);
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

/** 'Returns: 7-day returns' (the seller's window, docs/returns.md), or why this product cannot be returned. */
export function ReturnsTerm({ returnable = true, reason = '' }: { returnable?: boolean; reason?: string }) {
  const seller = useSeller();
  return (
    <div>
      <dt>Returns</dt>
      <dd data-testid="return-policy">
        {!returnable ? (
          `Not returnable${reason ? `: ${reason}` : ''}`
        ) : seller ? (
          <Anchor component={Link} to="/returns" c="blue.8" inherit>
            {returnPolicyLabel(seller.returnWindowDays ?? 7)}
          </Anchor>
        ) : (
          '…'
        )}
      </dd>
    </div>
  );
}
