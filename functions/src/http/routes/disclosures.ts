import { complaintSchema, grievanceOfficerSchema, grievanceStatusSchema } from '@bagshop/domain';
import { Router } from 'express';
import { notFound } from '../../lib/errors.js';
import { limitFromEnv, rateLimit } from '../../lib/rate-limit.js';
import {
  fileComplaint,
  grievanceOfficer,
  listTickets,
  saveGrievanceOfficer,
  sellerInfo,
  setTicketStatus,
  TICKET_NOT_FOUND,
} from '../../catalog/index.js';
import { optionalUser, requireAdmin } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

/** GET /api/seller: who sells (public, cached for five minutes). */
export function sellerRouter(): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const info = await sellerInfo();
    res.set('Cache-Control', 'public, max-age=300, s-maxage=300');
    ok(res, info);
  });
  return router;
}

/** POST /api/grievance: anyone may complain (signed in or not); 10 an hour per client address. */
export function grievanceRouter(): Router {
  const router = Router();
  const limit = rateLimit({ name: 'grievance', limit: limitFromEnv('grievance', 10), windowMs: 3_600_000 });
  router.post('/', limit, async (req, res) => {
    const user = await optionalUser(req);
    const input = complaintSchema.parse(jsonBody(req));
    const ticket = await fileComplaint(input, user?.uid ?? null);
    ok(res, ticket, `Complaint ${ticket.number} received`, 201);
  });
  return router;
}

const TICKET_NUMBER = /^GRV-\d{4}-\d{5,}$/;

/** /api/admin/grievances and /api/admin/grievance-officer. */
export function adminGrievanceRouter(): Router {
  const router = Router();

  router.get('/grievances', async (req, res) => {
    await requireAdmin(req);
    ok(res, await listTickets());
  });

  router.patch('/grievances/:number', async (req, res) => {
    await requireAdmin(req);
    const number = req.params.number;
    const { status } = grievanceStatusSchema.parse(jsonBody(req));
    if (!TICKET_NUMBER.test(number)) throw notFound(TICKET_NOT_FOUND);
    ok(res, await setTicketStatus(number, status), status === 'resolved' ? 'Complaint resolved' : 'Complaint reopened');
  });

  router.get('/grievance-officer', async (req, res) => {
    await requireAdmin(req);
    ok(res, await grievanceOfficer());
  });

  router.put('/grievance-officer', async (req, res) => {
    const admin = await requireAdmin(req);
    const input = grievanceOfficerSchema.parse(jsonBody(req));
    ok(res, await saveGrievanceOfficer(input, admin.uid), 'Grievance officer saved');
  });

  return router;
}
