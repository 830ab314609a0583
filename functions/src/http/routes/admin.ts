import { Router } from 'express';
import { dashboard } from '../../services/dashboard.js';
import { requireAdmin } from '../auth.js';
import { ok } from '../respond.js';

/** /api/admin/*: admin-only views that aggregate on the server. */
export function adminRouter(): Router {
  const router = Router();

  router.get('/dashboard', async (req, res) => {
    await requireAdmin(req);
    ok(res, await dashboard());
  });

  return router;
}
