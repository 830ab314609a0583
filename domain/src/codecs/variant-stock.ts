/**
 * `variantStock/{variantId}`: one variant's stock, kept outside the product document so an
 * order does not rewrite the catalogue (docs/variants.md, docs/decisions/0026-product-variants.md).
 */
import { Fields } from './plain.js';

export interface VariantStock {
  variantId: string;
  productId: string;
  sku: string;
  stock: number;
  /** ISO; '' when absent. */
  updatedAt: string;
}

export function variantStockFromData(variantId: string, data: unknown): VariantStock {
  const d = Fields.of(data, `variantStock/${variantId}`);
  return {
    variantId,
    productId: d.text('productId'),
    sku: d.text('sku'),
    stock: d.number('stock'),
    updatedAt: d.date('updatedAt'),
  };
}
