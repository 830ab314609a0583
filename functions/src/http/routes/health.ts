import { Router } from 'express';
import { ok } from '../respond.js';

export function healthRouter(): Router {
  const router = Router();
  router.get('/', (_req, res) => ok(res, { status: 'ok', time: new Date().toISOString() }));
  return router;
}
