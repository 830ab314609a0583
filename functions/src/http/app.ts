import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { normaliseError } from '../lib/errors.js';
import { logFailedRequest, logFault } from '../lib/logs.js';
import { optionalUser } from './auth.js';
import { noStore } from './respond.js';
import { configureTrustProxy } from './trust-proxy.js';
import { healthRouter } from './routes/health.js';
import { imagesRouter } from './routes/images.js';
import { adminRouter } from './routes/admin.js';
import { cartRouter } from './routes/cart.js';
import { ordersRouter } from './routes/orders.js';
import { paymentRouter } from './routes/payment.js';
import { productsRouter } from './routes/products.js';
import { taxDocumentsRouter } from './routes/tax-documents.js';
import { usersRouter } from './routes/users.js';

export function createApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  configureTrustProxy(app);

  const api = express.Router();
  api.use(defaultNoStore);
  api.use(express.json({ limit: '100kb' }));
  api.use('/health', healthRouter());
  api.use('/products', productsRouter());
  api.use('/images', imagesRouter());
  api.use('/users', usersRouter());
  api.use('/cart', cartRouter());
  api.use('/order', taxDocumentsRouter());
  api.use('/order', ordersRouter());
  api.use('/payment', paymentRouter());
  api.use('/admin', adminRouter());
  api.use(notFoundHandler);
  api.use(errorHandler);

  // Through Hosting the path keeps its /api prefix; called directly on the Functions
  // emulator it arrives without it. Serve both.
  app.use('/api', api);
  app.use('/', api);
  return app;
}

const defaultNoStore: RequestHandler = (_req, res, next) => {
  noStore(res);
  next();
};

const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ success: false, message: `No route for ${req.method} ${req.baseUrl}${req.path}` });
};

const errorHandler: ErrorRequestHandler = async (error, req, res, _next) => {
  const { status, body, headers } = normaliseError(error);
  const route = req.originalUrl.split('?')[0] ?? req.path;
  if (status >= 500) logFault(route, error);
  let uid: string | null = null;
  try {
    uid = (await optionalUser(req))?.uid ?? null;
  } catch {
    uid = null;
  }
  logFailedRequest({ method: req.method, route, status, uid, message: body.message });
  if (res.headersSent) return;
  if (headers) res.set(headers);
  res.status(status).json(body);
};
