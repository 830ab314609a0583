/**
 * `users/{uid}/cart/{variantId}`: one line of a cart, one per variant (docs/architecture.md,
 * "Data model"; docs/variants.md). The line of a product's own variant (a product without
 * options, and every line from before variants) has the product's id and no `productId` field.
 */
import type { CartLine, Product } from '../types.js';
import { variantImages, variantLabel } from '../variants.js';
import { Fields } from './plain.js';

export interface StoredCartLine {
  /** The document id: the variant's id. */
  lineId: string;
  productId: string;
  variantId: string;
  quantity: number;
  /** ISO; '' when absent. */
  addedAt: string;
}

export function cartLineFromData(lineId: string, data: unknown): StoredCartLine {
  const d = Fields.of(data, `cart/${lineId}`);
  return {
    lineId,
    productId: d.text('productId') || lineId,
    variantId: lineId,
    quantity: d.number('quantity'),
    addedAt: d.date('addedAt'),
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The lines in cart order, oldest first (ties by product id), without lines of no quantity. */
export function sortCartLines(lines: readonly StoredCartLine[]): StoredCartLine[] {
  return lines.filter((line) => line.quantity > 0).sort((a, b) => compare(a.addedAt, b.addedAt) || compare(a.lineId, b.lineId));
}

/**
 * The cart as the API answers it and the cart page shows it: in cart order (`sortCartLines`),
 * each line with its product as it is now. Lines of deleted products (`productById` has no
 * entry, or null) are left out.
 */
export function joinCart(lines: readonly StoredCartLine[], productById: ReadonlyMap<string, Product | null>): CartLine[] {
  const out: CartLine[] = [];
  for (const line of sortCartLines(lines)) {
    const product = productById.get(line.productId);
    const variant = product?.variants?.find((v) => v._id === line.variantId);
    if (!product || !variant) continue; // the product, or this variant of it, is no longer sold
    const image = variantImages(variant, product.images)[0] ?? product.image;
    out.push({
      _id: line.lineId,
      product,
      variant: {
        _id: variant._id,
        sku: variant.sku,
        options: variant.options,
        price: variant.price,
        discount: variant.discount,
        stock: variant.stock,
        label: variantLabel(product.options ?? [], variant),
        image,
      },
      quantity: line.quantity,
    });
  }
  return out;
}

/** What a cart line sells at: its variant's price, stock, label and picture (the product's on a line without one). */
export interface LineOffer {
  /** The id the cart routes take for this line. */
  lineId: string;
  variantId: string;
  price: number;
  discount: number;
  stock: number;
  /** "Size: Cabin (55 cm), Colour: Navy"; '' without options. */
  label: string;
  sku: string;
  image: { url: string; hash: string };
}

export function lineOffer(line: CartLine): LineOffer {
  const v = line.variant;
  return {
    lineId: line._id ?? line.product._id,
    variantId: v?._id ?? line.product._id,
    price: v?.price ?? line.product.price,
    discount: v?.discount ?? line.product.discount,
    stock: v?.stock ?? line.product.stock,
    label: v?.label ?? '',
    sku: v?.sku ?? '',
    image: v?.image ?? line.product.image,
  };
}
