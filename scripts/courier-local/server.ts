// The local test courier: a stand-in for the Shiprocket endpoints the function's courier
// adapter calls (functions/src/shipping/courier.ts), plus a small page listing
// shipments with a button for each next event, for the emulators (docs/fulfilment.md,
// "Offline, end to end"). `npm start` runs it; the API and browser tests run the same module.
// It behaves like Shiprocket where the shop relies on it:
//   POST /v1/external/auth/login {email, password} → {token} (401 otherwise; every other call
//     needs `Authorization: Bearer <token>`);
//   POST /v1/external/orders/create/adhoc → {order_id, shipment_id, status: 'NEW'} (the same
//     order_id twice answers the first booking);
//   POST /v1/external/orders/create/return → the same, for a return's reverse pickup (docs/returns.md);
//   GET /v1/external/courier/serviceability/?pickup_postcode&delivery_postcode&weight&cod&mode=Air|Surface → the couriers
//     (the express one for Air, issue 40);
//   POST /v1/external/courier/assign/awb {shipment_id, courier_id?} → {awb_assign_status: 1, response: {data: {awb_code, courier_name}}};
//   POST /v1/external/courier/generate/pickup and /generate/label;
//   POST /v1/external/ndr/:awb/action {action: 're-attempt' | 'return', deferred_date?, comments};
//   tracking events → POST the app's /api/shipping/webhook with the token in `x-api-key`,
//   in Shiprocket's body shape (awb, current_status, shipment_status_id, current_timestamp, scans…).
//   GET / the page; POST /s/:awb/:event sends one event (303 back to the page).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocal, readBody } from '../lib/stand-in-server.ts';
import { dirname } from 'node:path';
import { LOCAL_PORTS } from '../../domain/src/ports.ts';
import { courierPage, EVENT_LABELS, nextEvents, type CourierEventName, type PageShipment } from './page.ts';

export const DEFAULT_COURIER_LOCAL_PORT = LOCAL_PORTS.courierLocal;
export const LOCAL_COURIER_EMAIL = 'api@bagshop.local';
export const LOCAL_COURIER_PASSWORD = 'courier-local-password';
export const LOCAL_COURIER_WEBHOOK_TOKEN = 'courier-local-webhook-token';
export const LOCAL_ORDER_LINK_SECRET = 'order-link-secret-local';

/** Shiprocket's names and shipment status ids for the events the page sends. */
export const SHIPROCKET_STATUS: Record<CourierEventName, { id: number; name: string }> = {
  picked_up: { id: 42, name: 'PICKED UP' },
  in_transit: { id: 18, name: 'IN TRANSIT' },
  out_for_delivery: { id: 17, name: 'OUT FOR DELIVERY' },
  delivered: { id: 7, name: 'DELIVERED' },
  failed_attempt: { id: 21, name: 'UNDELIVERED' },
  rto_initiated: { id: 9, name: 'RTO INITIATED' },
  rto_delivered: { id: 10, name: 'RTO DELIVERED' },
};

/** The stand-in's two services (Shiprocket's courier companies): surface, and express by air (issue 40). */
export const SURFACE_COURIER = { id: 1, name: 'Bagshop Test Courier' } as const;
export const EXPRESS_COURIER = { id: 2, name: 'Bagshop Test Courier Express' } as const;

export interface CourierShipment extends PageShipment {
  shipmentId: string;
  /** The service booked: 'express' when assign/awb named the express courier (issue 40). */
  service?: 'standard' | 'express';
  orderId: string;
  paymentMethod: string;
  pickupScheduled: boolean;
  ndrActions: { action: string; date: string | null; comments: string; at: string }[];
}

export interface CourierLocalOptions {
  port?: number;
  /** The app's /api/shipping/webhook (through Hosting). Without it, events are only recorded. */
  webhookUrl?: string;
  webhookToken?: string;
  stateFile?: string;
  log?: (line: string) => void;
}

export interface CourierLocal {
  port: number;
  url: string;
  shipments: Map<string, CourierShipment>;
  /** Every API call: path and body. */
  requests: { path: string; body: Record<string, unknown>; authorized: boolean }[];
  /** Webhook deliveries: the body sent and the HTTP status the app answered. */
  deliveries: { body: Record<string, unknown>; status: number; answer: unknown }[];
  /** Sends one tracking event for an AWB, as the page's buttons do; answers the app's HTTP status. */
  send: (awb: string, event: CourierEventName, options?: { reason?: string; at?: Date; location?: string }) => Promise<number>;
  /** Sends a body exactly as given (tests: duplicates, events out of order). */
  sendRaw: (body: Record<string, unknown>, token?: string) => Promise<{ status: number; answer: unknown }>;
  webhookBody: (
    awb: string,
    event: CourierEventName,
    options?: { reason?: string; at?: Date; location?: string },
  ) => Record<string, unknown>;
  close: () => Promise<void>;
}

/** '2026-11-26 14:05:09' in India time, as Shiprocket writes `current_timestamp`. */
export function shiprocketTime(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`;
}

const LOCATIONS: Record<CourierEventName, string> = {
  picked_up: 'Mumbai Hub',
  in_transit: 'Bhiwandi Sort Centre',
  out_for_delivery: 'Delivery centre near the shopper',
  delivered: 'Shopper’s address',
  failed_attempt: 'Delivery centre near the shopper',
  rto_initiated: 'Delivery centre near the shopper',
  rto_delivered: 'Mumbai Hub (seller)',
};

export function startCourierLocal(options: CourierLocalOptions = {}): Promise<CourierLocal> {
  const port = options.port ?? (Number(process.env.COURIER_LOCAL_PORT ?? DEFAULT_COURIER_LOCAL_PORT) || DEFAULT_COURIER_LOCAL_PORT);
  const url = `http://127.0.0.1:${port}`;
  const log = options.log ?? (() => undefined);
  const shipments = new Map<string, CourierShipment>();
  const byShipmentId = new Map<string, string>();
  const byOrderId = new Map<string, string>();
  const tokens = new Set<string>();
  const requests: CourierLocal['requests'] = [];
  const deliveries: CourierLocal['deliveries'] = [];

  if (options.stateFile && existsSync(options.stateFile)) {
    try {
      const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as { shipments?: [string, CourierShipment][] };
      for (const [awb, s] of saved.shipments ?? []) {
        shipments.set(awb, s);
        byShipmentId.set(s.shipmentId, awb);
        byOrderId.set(s.orderId, awb);
      }
    } catch {
      log('could not read the saved test courier state; starting empty');
    }
  }
  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(dirname(options.stateFile), { recursive: true });
    writeFileSync(options.stateFile, JSON.stringify({ shipments: [...shipments] }));
  };

  // Bookings made before the AWB is assigned: shipment_id → the ad-hoc order.
  const drafts = new Map<string, { orderId: string; body: Record<string, unknown> }>();

  function webhookBody(awb: string, event: CourierEventName, o: { reason?: string; at?: Date; location?: string } = {}) {
    const s = shipments.get(awb);
    const status = SHIPROCKET_STATUS[event];
    const at = o.at ?? new Date();
    const activity = event === 'failed_attempt' ? (o.reason ?? 'Customer not available') : EVENT_LABELS[event];
    return {
      awb,
      courier_name: s?.courier ?? 'Bagshop Test Courier',
      current_status: status.name,
      current_status_id: status.id,
      shipment_status: status.name,
      shipment_status_id: status.id,
      current_timestamp: shiprocketTime(at),
      order_id: s?.orderId ?? '',
      sr_order_id: s ? Number(s.shipmentId.replace(/\D/g, '').slice(0, 9)) : 0,
      etd: '',
      // RTO scans, and every scan of a return's reverse pickup (booked through orders/create/return).
      is_return: event.startsWith('rto') || s?.paymentMethod === 'Return' ? 1 : 0,
      scans: [
        {
          date: shiprocketTime(at),
          status: status.name,
          activity,
          location: o.location ?? LOCATIONS[event],
          'sr-status': String(status.id),
          'sr-status-label': status.name,
        },
      ],
    };
  }

  async function sendRaw(body: Record<string, unknown>, token = options.webhookToken): Promise<{ status: number; answer: unknown }> {
    if (!options.webhookUrl) return { status: 0, answer: null };
    let status = 0;
    let answer: unknown = null;
    try {
      const res = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { 'x-api-key': token } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      answer = await res.json().catch(() => null);
    } catch {
      status = 0;
    }
    deliveries.push({ body, status, answer });
    log(`webhook ${String(body.current_status)} for ${String(body.awb)} → ${status || 'no answer'}`);
    return { status, answer };
  }

  async function send(awb: string, event: CourierEventName, o: { reason?: string; at?: Date; location?: string } = {}): Promise<number> {
    const s = shipments.get(awb);
    // A courier's scans of one parcel are seconds apart, and Shiprocket's times have whole
    // seconds: the stand-in's clock for a parcel moves on by at least a second a scan, so two
    // scans of the same status (out for delivery again after a failed attempt) stay two events.
    const last = s?.events.at(-1)?.at;
    const at = o.at ?? new Date(Math.max(Date.now(), last ? Date.parse(last) + 1000 : 0));
    const body = webhookBody(awb, event, { ...o, at });
    if (s) {
      s.events.push({ event, at: at.toISOString(), note: String((body.scans[0] as { activity: string }).activity) });
      s.status = event;
      save();
    }
    return (await sendRaw(body)).status;
  }

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      // A GET (serviceability) carries its parameters in the query, as Shiprocket's does.
      body = req.method === 'GET' ? Object.fromEntries(query) : text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json(res, 400, { message: 'Invalid JSON' });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const authorized = bearer !== undefined && tokens.has(bearer);
    requests.push({ path, body, authorized });

    if (path === '/v1/external/auth/login') {
      if (body.email !== LOCAL_COURIER_EMAIL || body.password !== LOCAL_COURIER_PASSWORD) {
        json(res, 401, { message: 'Invalid email and password combination', status_code: 401 });
        return;
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      json(res, 200, { token, email: body.email, first_name: 'Bagshop', company_id: 1 });
      return;
    }
    if (!authorized) {
      json(res, 401, { message: 'Token has expired', status_code: 401 });
      return;
    }
    if (path === '/v1/external/orders/create/return') {
      // A return (reverse pickup): picked up at the shopper's address (pickup_*), delivered to the
      // seller (shipping_*). Answered as an ad-hoc order; the AWB comes from assign/awb with is_return.
      const orderId = String(body.order_id ?? '');
      if (!orderId || !body.pickup_pincode || !Array.isArray(body.order_items)) {
        json(res, 422, { message: 'order_id, pickup_pincode and order_items are required', status_code: 422 });
        return;
      }
      const existing = byOrderId.get(orderId);
      if (existing) {
        const s = shipments.get(existing);
        json(res, 200, { order_id: orderId, shipment_id: s?.shipmentId, status: 'RETURN PENDING', status_code: 21, awb_code: existing });
        return;
      }
      const shipmentId = String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
      drafts.set(shipmentId, {
        orderId,
        body: {
          ...body,
          billing_customer_name: body.pickup_customer_name,
          billing_last_name: body.pickup_last_name,
          billing_city: body.pickup_city,
          billing_pincode: body.pickup_pincode,
          payment_method: 'Return',
        },
      });
      json(res, 200, { order_id: orderId, shipment_id: shipmentId, status: 'RETURN PENDING', status_code: 21, awb_code: '' });
      return;
    }
    if (path === '/v1/external/orders/create/adhoc') {
      const orderId = String(body.order_id ?? '');
      if (!orderId || !body.billing_pincode || !Array.isArray(body.order_items)) {
        json(res, 422, { message: 'order_id, billing_pincode and order_items are required', status_code: 422 });
        return;
      }
      const existing = byOrderId.get(orderId);
      if (existing) {
        const s = shipments.get(existing);
        json(res, 200, { order_id: orderId, shipment_id: s?.shipmentId, status: 'READY TO SHIP', status_code: 3, awb_code: existing });
        return;
      }
      const shipmentId = String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
      drafts.set(shipmentId, { orderId, body });
      json(res, 200, { order_id: orderId, shipment_id: shipmentId, status: 'NEW', status_code: 1, awb_code: '' });
      return;
    }
    if (path === '/v1/external/courier/serviceability/' || path === '/v1/external/courier/serviceability') {
      // The couriers for a lane: with mode=Air the stand-in's express service (courier 2), else its surface one (courier 1).
      if (!/^[1-9][0-9]{5}$/.test(String(body.pickup_postcode ?? '')) || !/^[1-9][0-9]{5}$/.test(String(body.delivery_postcode ?? ''))) {
        json(res, 422, { message: 'pickup_postcode and delivery_postcode are required', status_code: 422 });
        return;
      }
      const company = body.mode === 'Air' ? EXPRESS_COURIER : SURFACE_COURIER;
      json(res, 200, {
        status: 200,
        data: {
          available_courier_companies: [
            { courier_company_id: company.id, courier_name: company.name, is_surface: company.id === SURFACE_COURIER.id },
          ],
          recommended_courier_company_id: company.id,
        },
      });
      return;
    }
    if (path === '/v1/external/courier/assign/awb') {
      const shipmentId = String(body.shipment_id ?? '');
      const known = byShipmentId.get(shipmentId);
      const draft = drafts.get(shipmentId);
      if (!known && !draft) {
        json(res, 404, { message: 'Shipment not found', status_code: 404 });
        return;
      }
      let awb = known ?? '';
      if (!known && draft) {
        awb = `BST${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
        const b = draft.body;
        const company = Number(body.courier_id) === EXPRESS_COURIER.id ? EXPRESS_COURIER : SURFACE_COURIER;
        const shipment: CourierShipment = {
          awb,
          shipmentId,
          orderId: draft.orderId,
          courier: company.name,
          service: company.id === EXPRESS_COURIER.id ? 'express' : 'standard',
          customer: `${String(b.billing_customer_name ?? '')} ${String(b.billing_last_name ?? '')}`.trim(),
          city: `${String(b.billing_city ?? '')} ${String(b.billing_pincode ?? '')}`.trim(),
          paymentMethod: String(b.payment_method ?? ''),
          collect: b.payment_method === 'COD' ? Number(b.sub_total ?? 0) : 0,
          status: 'booked',
          events: [],
          pickupScheduled: false,
          ndrActions: [],
        };
        shipments.set(awb, shipment);
        byShipmentId.set(shipmentId, awb);
        byOrderId.set(draft.orderId, awb);
        drafts.delete(shipmentId);
        save();
        log(`booked ${awb} for order ${draft.orderId}`);
      }
      json(res, 200, {
        awb_assign_status: 1,
        response: {
          data: {
            awb_code: awb,
            courier_name: shipments.get(awb)?.courier ?? SURFACE_COURIER.name,
            courier_company_id: shipments.get(awb)?.service === 'express' ? EXPRESS_COURIER.id : SURFACE_COURIER.id,
            shipment_id: shipmentId,
          },
        },
      });
      return;
    }
    if (path === '/v1/external/courier/generate/pickup') {
      const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(String) : [];
      for (const id of ids) {
        const s = shipments.get(byShipmentId.get(id) ?? '');
        if (s) s.pickupScheduled = true;
      }
      save();
      json(res, 200, {
        pickup_status: 1,
        response: { pickup_scheduled_date: new Date().toISOString().slice(0, 10), data: 'Pickup is scheduled' },
      });
      return;
    }
    if (path === '/v1/external/courier/generate/label') {
      json(res, 200, {
        label_created: 1,
        label_url: `${url}/labels/${encodeURIComponent(String((body.shipment_id as unknown[])?.[0] ?? ''))}.pdf`,
      });
      return;
    }
    const ndr = /^\/v1\/external\/ndr\/([^/]+)\/action$/.exec(path);
    if (ndr) {
      const s = shipments.get(decodeURIComponent(ndr[1] ?? ''));
      if (!s) {
        json(res, 404, { message: 'AWB not found', status_code: 404 });
        return;
      }
      s.ndrActions.push({
        action: String(body.action ?? ''),
        date: typeof body.deferred_date === 'string' ? body.deferred_date : null,
        comments: String(body.comments ?? ''),
        at: new Date().toISOString(),
      });
      save();
      log(`NDR ${String(body.action)} for ${s.awb}`);
      json(res, 200, { status: true, message: 'Action taken successfully' });
      return;
    }
    json(res, 404, { message: 'Not found', status_code: 404 });
  }

  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', url);
    const path = u.pathname;
    const done = (error?: unknown) => {
      if (error && !res.headersSent) json(res, 500, { message: error instanceof Error ? error.message : String(error) });
    };
    if (
      (req.method === 'POST' || (req.method === 'GET' && path.startsWith('/v1/external/courier/serviceability'))) &&
      path.startsWith('/v1/')
    ) {
      api(req, res, path, u.searchParams).then(() => done(), done);
      return;
    }
    const action = /^\/s\/([^/]+)\/([a-z_]+)$/.exec(path);
    if (req.method === 'POST' && action) {
      readBody(req)
        .then(async (text) => {
          const awb = decodeURIComponent(action[1] ?? '');
          const event = action[2] as CourierEventName;
          const s = shipments.get(awb);
          if (!s || !nextEvents(s.status).includes(event)) {
            res.writeHead(409, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end('That event cannot come next for this shipment.');
            return;
          }
          const reason = new URLSearchParams(text).get('reason')?.slice(0, 100) || undefined;
          await send(awb, event, { reason });
          res.writeHead(303, { Location: '/' });
          res.end();
        })
        .catch(done);
      return;
    }
    if (req.method === 'GET' && path === '/') {
      const list = [...shipments.values()].reverse();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(courierPage(list));
      return;
    }
    if (req.method === 'GET' && path === '/api/shipments') {
      json(res, 200, [...shipments.values()]);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  });

  return listenLocal(server, port).then((close): CourierLocal => ({
    port,
    url,
    shipments,
    requests,
    deliveries,
    send,
    sendRaw,
    webhookBody,
    close,
  }));
}
