/**
 * `settings/grievance` (the grievance officer) and `grievances/{number}` (complaint tickets);
 * docs/delivery-and-disclosures.md.
 */
import { GRIEVANCE_STATUSES, type GrievanceOfficer, type GrievanceTicket } from '../disclosures.js';
import { Fields } from './plain.js';

/** The officer; null until one with a name and an email is saved. */
export function grievanceOfficerFromData(data: unknown): GrievanceOfficer | null {
  if (data === undefined || data === null) return null;
  const d = Fields.of(data, 'settings/grievance');
  if (!d.text('name') || !d.text('email')) return null;
  return { name: d.text('name'), designation: d.text('designation'), email: d.text('email'), phone: d.text('phone') };
}

export function grievanceTicketFromData(number: string, data: unknown): GrievanceTicket {
  const d = Fields.of(data, `grievances/${number}`);
  return {
    number,
    status: d.oneOf('status', GRIEVANCE_STATUSES, 'open'),
    name: d.text('name'),
    email: d.text('email'),
    phone: d.text('phone'),
    orderId: d.text('orderId'),
    subject: d.text('subject'),
    message: d.text('message'),
    createdAt: d.date('createdAt'),
    acknowledgedAt: d.date('acknowledgedAt'),
    acknowledgeBy: d.date('acknowledgeBy'),
    resolveBy: d.date('resolveBy'),
    resolvedAt: d.dateOrNull('resolvedAt'),
  };
}
