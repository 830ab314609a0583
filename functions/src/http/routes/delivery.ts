import { deliveryRulesSchema, INDIAN_STATES, PIN_FORMAT_MESSAGE, shippingSettingsSchema } from '@bagshop/domain';
import { Router, type Response } from 'express';
import { badRequest } from '../../lib/errors.js';
import { deliveryPolicy, deliveryQuote, readDeliveryRules, saveDeliveryRules } from '../../shipping/index.js';
import { allDistricts } from '../../shipping/index.js';
import { readShippingSettings, saveShippingSettings } from '../../shipping/index.js';
import { requireAdmin } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

/** Public and short: the CDN and the browser keep a quote at most `seconds`. */
function shortCache(res: Response, seconds: number): void {
  res.set('Cache-Control', seconds > 0 ? `public, max-age=${seconds}, s-maxage=${seconds}` : 'public, no-cache');
}

/** /api/delivery: the public quote by PIN code and the few rules the cart and checkout show. */
export function deliveryRouter(): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const policy = await deliveryPolicy();
    shortCache(res, 300);
    ok(res, policy);
  });

  router.get('/:pin', async (req, res) => {
    const pin = req.params.pin;
    if (!/^\d{6}$/.test(pin)) throw badRequest(PIN_FORMAT_MESSAGE, [{ field: 'pin', message: PIN_FORMAT_MESSAGE }]);
    try {
      const { quote, maxAge } = await deliveryQuote(pin);
      shortCache(res, maxAge);
      ok(res, quote);
    } catch (error) {
      // An unknown PIN stays unknown until the next deploy: let the CDN keep the 404 too.
      shortCache(res, 300);
      throw error;
    }
  });

  return router;
}

/** /api/admin/delivery: the rules, and the districts the admin screen offers; /api/admin/settings/shipping. */
export function adminDeliveryRouter(): Router {
  const router = Router();

  router.get('/delivery', async (req, res) => {
    await requireAdmin(req);
    ok(res, await readDeliveryRules());
  });

  router.put('/delivery', async (req, res) => {
    const admin = await requireAdmin(req);
    const input = deliveryRulesSchema.parse(jsonBody(req));
    ok(res, await saveDeliveryRules(input, admin.uid), 'Delivery settings saved');
  });

  // The seller's shipping settings: express delivery's fee, threshold, cities and PIN-to-zone table (issue 40).
  router.get('/settings/shipping', async (req, res) => {
    await requireAdmin(req);
    ok(res, await readShippingSettings());
  });

  router.put('/settings/shipping', async (req, res) => {
    const admin = await requireAdmin(req);
    const input = shippingSettingsSchema.parse(jsonBody(req));
    ok(res, await saveShippingSettings(input, admin.uid), 'Shipping settings saved');
  });

  router.get('/delivery/districts', async (req, res) => {
    await requireAdmin(req);
    ok(res, { states: INDIAN_STATES, districts: allDistricts() });
  });

  return router;
}
