/**
 * What the Consumer Protection (E-Commerce) Rules 2020 make a shop show: who the seller
 * is, and a grievance officer who acknowledges a complaint within 48 hours and resolves it
 * within one month (docs/delivery-and-disclosures.md).
 */
import { z } from 'zod';
import type { SellerSettings } from './schemas/seller.js';
import type { ConsumerCare } from './declarations.js';
import type { PaymentsInfo } from './payments-page.js';
import type { WarrantyTerms } from './warranty/terms.js';
import { emailSchema } from './schemas/users.js';
import { BODY_MESSAGE, optionalTextField, textField } from './schemas/common.js';

export interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
}

/** `GET /api/seller`: the public disclosures. */
export interface SellerInfo {
  legalName: string;
  address: SellerSettings['address'];
  gstin: string;
  email: string;
  phone: string;
  /** Days after delivery a return may be started (docs/returns.md); 0 = no returns. */
  returnWindowDays: number;
  /** Consumer care, shown on every listing (docs/legal-metrology.md). */
  consumerCare: ConsumerCare;
  /** The warranty's terms: every surface words the warranty from them (docs/warranty.md). */
  warranty: WarrantyTerms;
  /** Who takes online payments, for the payments page (/payments). */
  payments: PaymentsInfo;
  grievanceOfficer: GrievanceOfficer;
}

export const GRIEVANCE_ACK_HOURS = 48;
export const GRIEVANCE_RESOLVE_MONTHS = 1;
export const GRIEVANCE_PROMISE = `We acknowledge every complaint within ${GRIEVANCE_ACK_HOURS} hours and resolve it within one month.`;

export const GRIEVANCE_STATUSES = ['open', 'resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/** A complaint ticket as the API answers it. */
export interface GrievanceTicket {
  /** 'GRV-2026-00001' */
  number: string;
  status: GrievanceStatus;
  name: string;
  email: string;
  phone: string;
  orderId: string;
  subject: string;
  message: string;
  createdAt: string;
  acknowledgedAt: string;
  /** The rules' deadline to acknowledge (createdAt + 48 h); we acknowledge at once. */
  acknowledgeBy: string;
  /** The rules' deadline to resolve (createdAt + one month). */
  resolveBy: string;
  resolvedAt: string | null;
}

/** 'GRV-2026-00001': the year the complaint arrived (IST) and its number that year. */
export function grievanceNumber(year: number, seq: number): string {
  return `GRV-${year}-${String(seq).padStart(5, '0')}`;
}

/** The same instant one calendar month later (31 Jan → 28/29 Feb: the month's last day). */
export function addOneMonth(date: Date): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + GRIEVANCE_RESOLVE_MONTHS);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export function grievanceDeadlines(createdAt: Date): { acknowledgeBy: Date; resolveBy: Date } {
  return { acknowledgeBy: new Date(createdAt.getTime() + GRIEVANCE_ACK_HOURS * 3_600_000), resolveBy: addOneMonth(createdAt) };
}

/** How old a ticket is: '5 minutes', '3 hours', '2 days'. */
export function ticketAge(createdAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes < 48 * 60) return plural(Math.floor(minutes / 60), 'hour');
  return plural(Math.floor(minutes / 1440), 'day');
}

/** POST /api/grievance. */
export const complaintSchema = z.object(
  {
    name: textField({ label: 'Name', max: 100 }),
    email: emailSchema,
    phone: optionalTextField({ label: 'Phone', max: 20 }),
    orderId: optionalTextField({ label: 'Order number', max: 40 }),
    subject: textField({ label: 'Subject', max: 120 }),
    message: textField({
      label: 'Complaint',
      max: 4000,
      rules: [{ test: (v) => v.length >= 10, message: 'Tell us a little more (at least 10 characters)' }],
    }),
  },
  { error: BODY_MESSAGE },
);
export type ComplaintInput = z.output<typeof complaintSchema>;

/** PATCH /api/admin/grievances/{number}. */
export const grievanceStatusSchema = z.object(
  { status: z.enum(GRIEVANCE_STATUSES, { error: `Status must be one of ${GRIEVANCE_STATUSES.join(', ')}` }) },
  { error: BODY_MESSAGE },
);

/** PUT /api/admin/grievance-officer. */
export const grievanceOfficerSchema = z.object(
  {
    name: textField({ label: 'Name', max: 100 }),
    designation: textField({ label: 'Designation', max: 100 }),
    email: emailSchema,
    phone: textField({
      label: 'Phone',
      max: 20,
      rules: [{ test: (v) => /^[+\d][\d ()-]{6,19}$/.test(v), message: 'Enter a phone number' }],
    }),
  },
  { error: BODY_MESSAGE },
);
