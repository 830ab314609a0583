/**
 * Fulfilment routes (docs/fulfilment.md): shipments and their labels, the courier's tracking
 * webhook, failed-delivery answers, COD confirmation and "Pay online instead".
 */
import { Router, type Request } from 'express';
import { confirmCodSchema, createShipmentSchema, docIdSchema, labelContents, ndrActionSchema } from '@bagshop/domain';
import { notFound } from '../../lib/errors.js';
import { confirmCod, switchToOnline } from '../../fulfilment/cod.js';
import { renderLabelPdf } from '../../fulfilment/label-pdf.js';
import { answerNdr } from '../../fulfilment/ndr.js';
import { createShipment, findShipment } from '../../fulfilment/shipments.js';
import { handleCourierWebhook } from '../../fulfilment/tracking.js';
import { ORDER_NOT_FOUND } from '../../orders/store.js';
import { getSellerSettings } from '../../seller/index.js';
import { optionalUser, requireAdmin, requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

function param(req: Request, name: string, missing: string): string {
  const parsed = docIdSchema.safeParse(req.params[name]);
  if (!parsed.success) throw notFound(missing);
  return parsed.data;
}

const orderIdOf = (req: Request) => param(req, 'id', ORDER_NOT_FOUND);

/** Mounted at /api/order. */
export function fulfilmentOrderRouter(): Router {
  const router = Router();

  router.post('/:id/shipments', async (req, res) => {
    const admin = await requireAdmin(req);
    const input = createShipmentSchema.parse(jsonBody(req));
    const shipment = await createShipment(admin, orderIdOf(req), input);
    ok(
      res,
      {
        shipment: {
          _id: shipment._id,
          courier: shipment.courier,
          awb: shipment.awb,
          trackingUrl: shipment.trackingUrl,
          labelUrl: shipment.labelUrl,
          status: shipment.status,
          weightGrams: shipment.weightGrams,
          dimensionsCm: shipment.dimensionsCm,
          events: [],
        },
      },
      'Order shipped',
      201,
    );
  });

  router.get('/:id/shipments/:shipmentId/label', async (req, res) => {
    const user = await requireUser(req);
    const { order, shipment, json } = await findShipment(user, orderIdOf(req), param(req, 'shipmentId', 'Shipment not found'));
    const seller = await getSellerSettings();
    const a = json.shippingAddress;
    // An exchange's parcel holds the new variant and collects nothing (docs/returns.md).
    const contents = labelContents(json, json.shipments?.find((s) => s._id === shipment._id) ?? {});
    const pdf = await renderLabelPdf({
      orderId: json._id,
      courier: shipment.courier,
      awb: shipment.awb,
      cod: contents.cod,
      totalAmount: json.totalAmount,
      weightGrams: shipment.weightGrams,
      dimensionsCm: shipment.dimensionsCm,
      to: {
        name: `${json.user.fullname.firstname} ${json.user.fullname.lastname}`.trim(),
        phone: typeof order.phone === 'string' ? order.phone : '',
        lines: [a.street, a.landmark, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter((l) => l && l.trim()),
      },
      from: {
        name: seller?.legalName ?? 'Bagshop',
        lines: seller
          ? [
              seller.address.line1,
              seller.address.line2,
              `${seller.address.city}, ${seller.address.state} ${seller.address.pincode}`,
            ].filter(Boolean)
          : [],
      },
      items: contents.items,
    });
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="label-${shipment.awb}.pdf"`)
      .set('Content-Length', String(pdf.length))
      .send(pdf);
  });

  router.post('/:id/ndr', async (req, res) => {
    const user = await requireUser(req);
    const input = ndrActionSchema.parse(jsonBody(req));
    ok(res, await answerNdr(user, orderIdOf(req), input), 'We will ask the courier to deliver again on that day');
  });

  router.post('/:id/confirm-cod', async (req, res) => {
    const user = await optionalUser(req);
    const input = confirmCodSchema.parse(jsonBody(req));
    const order = await confirmCod(user, orderIdOf(req), input);
    ok(res, order, input.confirmedByPhone ? 'Recorded as confirmed by phone' : 'Order confirmed');
  });

  router.post('/:id/pay-online', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await switchToOnline(user, orderIdOf(req)), 'Pay online to complete your order');
  });

  return router;
}

/** Mounted at /api/shipping. */
export function shippingRouter(): Router {
  const router = Router();
  // Shiprocket sends the token it was given in `x-api-key` (docs/fulfilment.md, "Tracking").
  router.post('/webhook', async (req, res) => {
    const result = await handleCourierWebhook(req.get('x-api-key'), req.body as unknown);
    ok(res, result);
  });
  return router;
}
