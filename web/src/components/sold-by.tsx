import {
  DEFAULT_WARRANTY_TERMS,
  isCategory,
  returnPolicyLabel,
  warrantyLabel,
  warrantyTermFor,
  type SellerInfo,
  type WarrantyTerms,
} from '@bagshop/domain';
import { Anchor } from '@mantine/core';
import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';
import { Link } from 'react-router-dom';
import { getSellerInfo } from '../lib/delivery-api';

const RETRY_MS = [2000, 8000];

/**
 * The seller: the root loader's (drawn on the server with every page, so the details are in the
 * HTML before JavaScript). Only when the server could not read it (the loader answers null), or
 * outside the framework's router (component tests), is GET /api/seller asked once, twice more if
 * it fails.
 */
export function useSeller(): SellerInfo | null {
  const routerState = useContext(DataRouterStateContext);
  const fromRoot = (routerState?.loaderData.root as { seller?: SellerInfo | null } | undefined)?.seller ?? null;
  const [fetched, setFetched] = useState<SellerInfo | null>(null);
  useEffect(() => {
    if (fromRoot) return;
    let live = true;
    let timer: number | undefined;
    const load = (attempt: number) => {
      getSellerInfo()
        .then((s) => live && setFetched(s))
        .catch((error: unknown) => {
          console.error('Loading the seller failed', error);
          const wait = RETRY_MS[attempt];
          if (live && wait !== undefined) timer = window.setTimeout(() => load(attempt + 1), wait);
        });
    };
    load(0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [fromRoot]);
  return fromRoot ?? fetched;
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

/** The seller's warranty terms (docs/warranty.md); issue 40's defaults until the seller is read. */
export function useWarrantyTerms(): WarrantyTerms {
  return useSeller()?.warranty ?? DEFAULT_WARRANTY_TERMS;
}

/** 'Warranty: Lifetime warranty on shell, wheels and handles' on the product page, from the seller's terms and the product's own years. */
export function WarrantyTerm({ category, warrantyYears }: { category: string; warrantyYears?: number | 'lifetime' }) {
  const terms = useWarrantyTerms();
  const term = warrantyTermFor(terms, isCategory(category) ? category : 'luggage', warrantyYears);
  return (
    <div>
      <dt>Warranty</dt>
      <dd data-testid="warranty-term">
        <Anchor component={Link} to="/warranty" c="blue.8" inherit>
          {warrantyLabel(term)}
        </Anchor>
      </dd>
    </div>
  );
}
