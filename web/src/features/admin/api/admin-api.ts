// The admin area's calls to /api (docs/decisions/0009-api-contract.md). Only the admin chunk imports this.
import type {
  Gstr1Counts,
  AdminDashboard,
  MissingDeclaration,
  Order,
  OrderStatus,
  Product,
  Role,
  SellerSettings,
  SellerSettingsInput,
  TaxMonthView,
  User,
} from '@bagshop/domain';
import { apiData, apiRequest } from '../../../lib/api-client';

export const getDashboard = () => apiData<AdminDashboard>('admin/dashboard');

export const ORDERS_PAGE_SIZE = 25;

export interface OrdersPage {
  orders: Order[];
  /** Pass back as `cursor` for the next page; null when there are no more. */
  nextCursor: string | null;
}

type OrdersBody = {
  data: Order[] | { orders?: Order[]; items?: Order[]; nextCursor?: string | null };
  nextCursor?: string | null;
};

/**
 * GET /api/order/all?status=&limit=&cursor=, newest first. Reads the cursor from the
 * response when the API names one; otherwise a full page means "there may be more",
 * continuing after the last order's id.
 */
export async function getOrdersPage(options: { status?: OrderStatus; cursor?: string | null; limit?: number } = {}): Promise<OrdersPage> {
  const limit = options.limit ?? ORDERS_PAGE_SIZE;
  const body = await apiRequest<OrdersBody>('order/all', {
    query: { status: options.status, limit: String(limit), cursor: options.cursor ?? undefined },
  });
  const data = body.data;
  const orders = Array.isArray(data) ? data : (data.orders ?? data.items ?? []);
  const named = Array.isArray(data) ? body.nextCursor : (data.nextCursor ?? body.nextCursor);
  const nextCursor = named !== undefined ? named : orders.length >= limit ? (orders[orders.length - 1]?._id ?? null) : null;
  return { orders, nextCursor };
}

export const getOrder = (id: string) => apiData<Order>(`order/${encodeURIComponent(id)}`);

export const setOrderStatus = (id: string, status: OrderStatus) =>
  apiData<Order>(`order/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } });

/** "Issue invoice": a confirmed order without one (issue 37, docs/gst-invoices.md "Before dispatch"). */
export const issueInvoice = (id: string) => apiData<Order>(`order/${encodeURIComponent(id)}/invoice`, { method: 'POST', body: {} });

/** "Issue credit note": a dispatched order wholly refunded at the provider (docs/gst-invoices.md "Refunds after dispatch"). */
export const issueCreditNote = (id: string) => apiData<Order>(`order/${encodeURIComponent(id)}/credit-note`, { method: 'POST', body: {} });

/** "Retry IRN": reports an order's B2B invoice to the IRP now (issue 41, docs/gst-b2b.md "E-invoicing"). */
export const retryEinvoice = (id: string) => apiData<Order>(`order/${encodeURIComponent(id)}/einvoice`, { method: 'POST', body: {} });

/** Every product, drafts too, each with what it misses to be published (GET /api/admin/products; docs/legal-metrology.md). */
export type AdminProduct = Product & { missingDeclarations: MissingDeclaration[] };
export const getProducts = () => apiData<AdminProduct[]>('admin/products');

export const deleteProduct = (id: string) => apiData<unknown>(`products/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const USERS_PAGE_SIZE = 50;

/** GET /api/users?limit=&after=: profiles newest first; `after` is the last _id of the previous page. */
export async function getUsersPage(after?: string | null): Promise<{ users: User[]; nextAfter: string | null }> {
  const body = await apiRequest<{ data: User[] | { users?: User[] } }>('users', {
    query: { limit: String(USERS_PAGE_SIZE), after: after ?? undefined },
  });
  const users = Array.isArray(body.data) ? body.data : (body.data.users ?? []);
  return { users, nextAfter: users.length >= USERS_PAGE_SIZE ? (users[users.length - 1]?._id ?? null) : null };
}

export const setUserRole = (uid: string, role: Role) =>
  apiData<User>(`users/${encodeURIComponent(uid)}/role`, { method: 'PATCH', body: { role } });

// GST (docs/gst-invoices.md): the seller on the invoices and the monthly tax report.
export const getSellerSettings = () => apiData<SellerSettings | null>('admin/settings/seller');

export const saveSellerSettings = (input: SellerSettingsInput) =>
  apiData<SellerSettings>('admin/settings/seller', { method: 'PUT', body: input });

/** A month's totals and series, and one page of its documents (`cursor`: the previous page's `nextCursor`). */
export const getTaxMonth = (month: string, cursor?: string) =>
  apiData<TaxMonthView>('admin/tax', { query: { month, ...(cursor ? { cursor } : {}) } });

// Fulfilment (docs/fulfilment.md).
export type ShipInput = {
  courier?: string;
  awb?: string;
  weightGrams?: number;
};

export const shipOrder = (id: string, input: ShipInput) =>
  apiData<{ shipment: { _id: string; awb: string } }>(`order/${encodeURIComponent(id)}/shipments`, { method: 'POST', body: input });

export const confirmCodByPhone = (id: string) =>
  apiData<Order>(`order/${encodeURIComponent(id)}/confirm-cod`, { method: 'POST', body: { confirmedByPhone: true } });
/** A shopper's data export or erasure request (docs/accounts-privacy.md); `subject` is the uid, or the pseudonym once erased. */
export interface PrivacyRequest {
  _id: string;
  type: 'export' | 'erasure';
  subject: string;
  email: string | null;
  ordersKept: number | null;
  at: string;
}

/** GET /api/admin/privacy-requests: newest first. */
export const getPrivacyRequests = () => apiData<PrivacyRequest[]>('admin/privacy-requests');

// GSTR-1 (issue 41, docs/gst-b2b.md): the month's B2B / B2CL / B2CS counts.
export const getGstr1Summary = (period: string) =>
  apiData<{ period: string; fp: string; counts: Gstr1Counts }>('admin/tax/gstr1', { query: { period, format: 'summary' } });
