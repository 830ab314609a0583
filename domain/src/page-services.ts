// What the storefront's route loaders read (docs/decisions/0034-react-router-framework-mode.md).
// On the server the function passes its own services as the request's load context
// (functions/src/http/routes/pages.ts), so a loader reads the catalogue as the API does, without
// HTTP; web/src/app/page-data.ts falls back to the public API where there is no such context
// (`npm run dev`, tests).
import type { Category } from './categories.js';
import type { DeliveryPolicy, DeliveryQuote } from './delivery.js';
import type { SellerInfo } from './disclosures.js';
import type { PublicReview } from './reviews/types.js';
import type { Product } from './types.js';

export interface PageServices {
  /** The product, or null when there is none with that id. */
  product(id: string): Promise<Product | null>;
  /** A category's products in the API's order (`GET /api/products/category/<c>`). */
  category(category: Category): Promise<Product[]>;
  /** Every product (the home page's sections). */
  products(): Promise<Product[]>;
  /** Search results, best match first (`GET /api/products/search?q=`). */
  search(q: string): Promise<Product[]>;
  /** The seller's public details (the footer's line), or null while they are not set. */
  seller(): Promise<SellerInfo | null>;
  /** The reviews a product page's rating markup names. */
  topReviews(productId: string, count: number): Promise<PublicReview[]>;
  /** 'Check delivery' for a PIN code sent before JavaScript (`?pin=`); throws with a message a shopper can read (an unknown PIN). */
  deliveryQuote(pin: string): Promise<DeliveryQuote>;
  /** `GET /api/delivery`: the delivery rules and express's public settings (the home page's and /shipping's wording, issue 40). */
  deliveryPolicy(): Promise<DeliveryPolicy>;
  /** The one-click unsubscribe page (docs/comeback.md): what a signed link withdraws, or why it is not valid. */
  unsubscribePreview(token: string): Promise<SignedLinkAnswer<UnsubscribeView>>;
  /** The page's button and RFC 8058's one-click POST: withdraws at once. */
  unsubscribe(token: string): Promise<SignedLinkAnswer<UnsubscribeView>>;
  /** A visitor's alert confirmation (double opt-in). */
  confirmAlert(token: string): Promise<SignedLinkAnswer<AlertConfirmView>>;
  /** "Notify me" sent by a visitor as a form before JavaScript ran: the double opt-in alert; its message, or why not. */
  notifyMe(input: { productId: string; variantId?: string; email: string }): Promise<SignedLinkAnswer<{ message: string }>>;
  /** The site's own address for canonical URLs. */
  origin: string;
}

/** What a signed link's page shows. */
export interface UnsubscribeView {
  purpose: string;
  channel: string;
  /** 'Back-in-stock and price-drop alerts by email'. */
  what: string;
  granted: boolean;
}
export interface AlertConfirmView {
  productName: string;
  variantLabel: string;
  productId: string;
  variantId: string;
}
/** A signed link's answer: its view, or the message of a bad or forged link (drawn with status 400). */
export type SignedLinkAnswer<T> = { ok: true; view: T } | { ok: false; message: string };

/** The load context the function gives the framework's request handler. */
export interface PageLoadContext {
  services: PageServices;
  /** The nonce of this response's Content-Security-Policy (the framework's inline scripts carry it). */
  nonce: string;
}
