import {
  dimensionsLabel,
  effectiveDeclarations,
  formatINR,
  netQuantityLabel,
  type NameAndAddress,
  type Product,
  type ProductVariant,
  type SellerInfo,
} from '@bagshop/domain';
import { Anchor, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import classes from './product-declarations.module.css';

/**
 * "Product details (as required by law)": the Legal Metrology (Packaged Commodities) Rules'
 * declarations (docs/legal-metrology.md), drawn on the server with the page and following the
 * chosen variant. Consumer care comes from the seller settings (the root loader's seller).
 */
export function ProductDeclarations({ product, variant }: { product: Product; variant?: ProductVariant }) {
  const seller = useRouteLoaderData<{ seller: SellerInfo | null }>('root')?.seller ?? null;
  const hasOptions = (product.options ?? []).length > 0;
  const chosen = hasOptions ? variant : product.variants?.[0];
  const d = effectiveDeclarations(product, chosen);
  // Before a size is chosen, the dimensions of a product whose sizes differ are the size's.
  const dims = d.dimensionsCm ? dimensionsLabel(d.dimensionsCm) : hasOptions && !chosen ? 'Choose a size to see its dimensions' : '—';
  const mrp = chosen ?? product;
  const care = seller?.consumerCare;
  return (
    <section className={classes.block} aria-labelledby="legal-details" data-testid="declarations">
      <Title order={2} fz="md" id="legal-details" mb={6}>
        Product details (as required by law)
      </Title>
      <dl className={classes.list}>
        <Row term="Generic name" testId="decl-generic-name">
          {d.genericName ?? '—'}
        </Row>
        <Row term="Net quantity" testId="decl-net-quantity">
          {d.netQuantity ? netQuantityLabel(d.netQuantity) : '—'}
        </Row>
        <Row term="Dimensions (L × B × H)" testId="decl-dimensions">
          {dims}
        </Row>
        <Row term="MRP (inclusive of all taxes)" testId="decl-mrp">
          {hasOptions && !chosen ? `From ${formatINR(mrp.price)}` : formatINR(mrp.price)}
          {chosen && hasOptions ? <span className={classes.note}> (SKU {chosen.sku})</span> : null}
        </Row>
        <Row term="Country of origin" testId="country-of-origin">
          {d.countryOfOrigin}
        </Row>
        <Party term="Manufacturer" party={d.manufacturer} testId="decl-manufacturer" />
        {d.packer && <Party term="Packer" party={d.packer} testId="decl-packer" />}
        {d.importer && <Party term="Importer" party={d.importer} testId="decl-importer" />}
        <Row term="Consumer care" testId="decl-consumer-care">
          {care ? (
            <>
              {care.name}, {care.address} · {care.phone} ·{' '}
              <Anchor href={`mailto:${care.email}`} c="blue.8" inherit>
                {care.email}
              </Anchor>
            </>
          ) : (
            <Anchor component={Link} to="/seller" c="blue.8" inherit>
              Seller details
            </Anchor>
          )}
        </Row>
      </dl>
    </section>
  );
}

function Row({ term, testId, children }: { term: string; testId: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Party({ term, party, testId }: { term: string; party?: NameAndAddress; testId: string }) {
  return (
    <Row term={term} testId={testId}>
      {party ? `${party.name}, ${party.address}` : '—'}
    </Row>
  );
}
