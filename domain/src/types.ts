import type { Locale } from './locale.js';
import type { OrderPaymentPlan } from './emi.js';
import type { OrderOffer } from './offers.js';
/**
 * The shapes the API sends. Ids are exposed as `_id`; dates are ISO strings;
 * money is whole rupees.
 */
import type { Category } from './categories.js';
import type { OrderDelivery } from './delivery.js';
import type { OrderStatus, PaymentMethod, PaymentStatus } from './order-status.js';
import type { FieldError } from './schemas/common.js';
import type { ProductRating } from './reviews/rating.js';
import type { Role } from './schemas/users.js';
import type { CreditNote, Invoice } from './tax-documents.js';
import type { EinvoiceState } from './einvoice.js';
import type { CodConfirmation, OrderNdr, Shipment } from './fulfilment.js';
import type { ProductOption, ProductVariant } from './variants.js';
import type { Declarations, DimensionsLbh } from './declarations.js';

export interface ProductImage {
  /** `/api/images/{sha256}` */
  url: string;
  /** sha256 of the stored WebP bytes */
  hash: string;
}

export interface Product {
  _id: string;
  name: string;
  description: string;
  price: number;
  /** Rupees off the price (not a percent). */
  discount: number;
  category: Category;
  stock: number;
  /** Where the bag was made (Legal Metrology: shown on the product page). */
  countryOfOrigin: string;
  /** false: the product cannot be returned (docs/returns.md), shown before purchase with the reason; absent = returnable. */
  returnable?: false;
  nonReturnableReason?: string;
  /** The product's own warranty instead of its category's (docs/warranty.md): years or 'lifetime'; absent = the category's. */
  warrantyYears?: number | 'lifetime';
  /** The first of `images` (or empty), kept for every reader that shows one picture. */
  image: ProductImage;
  /** The gallery, in display order: at most MAX_PRODUCT_IMAGES (gallery.ts). */
  images: ProductImage[];
  /** HSN code printed on the tax invoice; the API always sends it (default '4202'). */
  hsn?: string;
  /** GST rate in percent, included in the price; the API always sends it (default 18). */
  gstRatePercent?: number;
  /** Published reviews only (docs/reviews.md); the API always sends it. */
  rating?: ProductRating;
  /**
   * Sizes, colours…: at most 3 (docs/variants.md); `[]` for a product without options. The
   * API always sends `options` and `variants`; `price`/`discount` are then the variant with
   * the lowest sale price (the "from" price) and `stock` the sum of the variants'.
   */
  options?: ProductOption[];
  /** One per combination sold; exactly one (`options: {}`) for a product without options. */
  variants?: ProductVariant[];
  /** Legal Metrology declarations (docs/legal-metrology.md); absent until the admin fills them. */
  declarations?: Declarations;
  /** L × B × H in cm (a variant's `dimensionsCm` overrides it). */
  dimensionsCm?: DimensionsLbh;
  /** false: a draft, seen only by admins (docs/legal-metrology.md); the API always sends it. */
  published?: boolean;
  createdAt: string;
  /** The latest change of the product or of any of its variants' stock. */
  updatedAt: string;
}

/** The variant of a cart line, as the cart answers it. */
export type CartVariant = Pick<ProductVariant, '_id' | 'sku' | 'options' | 'price' | 'discount' | 'stock'> & {
  /** "Size: Cabin (55 cm), Colour: Navy"; '' for a product without options. */
  label: string;
  /** The variant's first picture, else the product's. */
  image: ProductImage;
};

export interface CartLine {
  /** The line id: the variant's id (for a product without options, the product's). The API always sends it. */
  _id?: string;
  product: Product;
  /** The API always sends it; the cart's prices are the variant's. */
  variant?: CartVariant;
  quantity: number;
}

export interface Address {
  _id: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  landmark: string;
  /** A business buyer's GSTIN and legal name (issue 41); absent for a person. */
  gstin?: string;
  legalName?: string;
}

/** The address copied onto an order. */
export type ShippingAddress = Omit<Address, '_id'>;

export interface FullName {
  firstname: string;
  lastname: string;
}

export interface User {
  /** The Firebase Auth uid. */
  _id: string;
  fullname: FullName;
  email: string;
  phonenumber: string;
  role: Role;
  createdAt: string;
  /** GET /api/users/currentUser and the admin list: whether Auth has verified the email. */
  emailVerified?: boolean;
  /** GET /api/users/currentUser: the verified phone (E.164) linked in Auth, or null. */
  verifiedPhone?: string | null;
  /** The language the shopper chose (docs/i18n.md); absent: the page's own (en-IN by default). */
  locale?: Locale;
}

export interface OrderItem {
  /** The product id (an order has one line per product). */
  _id: string;
  name: string;
  /** Price and discount as they were when the order was placed. */
  price: number;
  discount: number;
  quantity: number;
  product: { _id: string; image: ProductImage };
  /** The variant sold (the product's id for a product without options, and on orders from before variants). */
  variantId?: string;
  sku?: string;
  /** Option name → value; `{}` without options. */
  options?: Record<string, string>;
  /** "Size: Cabin (55 cm), Colour: Navy", written when the order was placed; '' without options. */
  variantLabel?: string;
  /** The line's share of the order's offers, paise (docs/offers.md; `linePaidPaise`); 0 without offers. */
  offerDiscountPaise?: number;
}

export interface OrderUser {
  _id: string;
  fullname: FullName;
  email: string;
  /** The verified phone (E.164) a cash-on-delivery order was placed with. */
  phone?: string;
}

/** A refund asked of Stripe (docs/orders-and-payments.md, "Refunds"). */
export interface PaymentRefund {
  /** Stripe's refund id, once Stripe has answered. */
  id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  /** Paise, as Stripe counts. */
  amountPaise: number;
  requestedAt: string;
  refundedAt: string | null;
}

/** A card payment the order did not accept (another session, already paid, cancelled, not matching): refunded. */
export interface ExtraPayment {
  sessionId: string | null;
  paymentIntentId: string | null;
  amountPaise: number;
  reason: string;
  receivedAt: string;
  refund: PaymentRefund | null;
}

export interface OrderPayment {
  status: PaymentStatus;
  /** ONLINE orders: who takes the payment (`PAYMENT_PROVIDER` when it was placed). */
  provider?: 'stripe' | 'razorpay' | null;
  sessionId?: string | null;
  paidAt?: string | null;
  /** Card orders: when the stock held for the order is released if it is still unpaid. */
  holdUntil?: string | null;
  /** The refund of this order's own payment, when a paid order was cancelled. */
  refund?: PaymentRefund | null;
  /** Paise refunded so far for part of the order: returns (docs/returns.md) and partial refunds made at the provider. */
  refundedPaise?: number;
  extraPayments?: ExtraPayment[];
  /** How the captured payment was made (Razorpay's method; card EMI's bank and plan): issue 43. */
  plan?: OrderPaymentPlan | null;
  /** The card EMI plan chosen at checkout (issue 43): the payment must be on it; a no-cost offer's discount on it. */
  emiPlan?: { bankCode: string; tenureMonths: number; noCostOfferId: string | null; noCostDiscountPaise: number } | null;
}

/** Something about the order an admin should look at (a payment that did not match, a failed refund). */
export interface OrderAttention {
  code: string;
  message: string;
  at: string;
}

export interface StatusChange {
  status: OrderStatus;
  at: string;
  /** Who made the change: a uid, or 'system' / 'stripe'. */
  by: string;
}

export interface Order {
  _id: string;
  userId: string;
  user: OrderUser;
  items: OrderItem[];
  shippingAddress: ShippingAddress;
  /** A business buyer's GSTIN and legal name, from the address ordered to (issue 41); absent for a person. */
  buyer?: { gstin: string; legalName: string };
  subtotal: number;
  totalAmount: number;
  /** The offers the order was placed with and what each took off (docs/offers.md); empty without. */
  offers?: OrderOffer[];
  /** Their sum, paise (whole rupees); 0 without offers. */
  offerDiscountPaise?: number;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  payment: OrderPayment;
  statusHistory: StatusChange[];
  /** Flags for the admin; empty or absent when all is well. */
  attention?: OrderAttention[];
  /** The delivery promised when the order was placed; null on orders from before PIN-code delivery. */
  delivery: OrderDelivery | null;
  /** The tax invoice, issued when the order is confirmed (docs/gst-invoices.md). */
  invoice?: Invoice | null;
  /** Issued when an invoiced order is cancelled or returned to origin. */
  creditNote?: CreditNote | null;
  /** Confirmed, its invoice waiting for its number (a moment; docs/gst-invoices.md "Numbers"). */
  invoicePending?: boolean;
  /** E-invoicing on and a B2B invoice (issue 41): its IRN, or "IRN pending"; absent otherwise. */
  einvoice?: EinvoiceState;
  /** Courier bookings (docs/fulfilment.md); empty before the order ships. */
  shipments?: Shipment[];
  /** The open or last failed delivery. */
  ndr?: OrderNdr | null;
  /** Cash-on-delivery confirmation; null on card orders and orders from before it. */
  cod?: CodConfirmation | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ApiFailure {
  success: false;
  message: string;
  errors?: FieldError[];
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
