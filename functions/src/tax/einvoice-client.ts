/**
 * The IRP adapter (issue 41, docs/gst-b2b.md "E-invoicing"): the NIC e-invoice API's calls the
 * shop makes, in NIC's shapes — authenticate (client_id, client_secret, Gstin headers; UserName,
 * Password), Generate IRN (INV-01 v1.1 → Irn, AckNo, AckDt, SignedInvoice, SignedQRCode),
 * Get IRN details, Cancel IRN (Irn, CnlRsn, CnlRem). The base URL is EINVOICE_API_BASE (the
 * local IRP, scripts/irp-local, on the emulators); the account is the EINVOICE_* secrets.
 * NIC's own RSA/AES payload encryption is not done here (docs/decisions/0046-einvoice-irp.md):
 * a GSP's API in NIC's schema, or the stand-in, takes the JSON as it is.
 */
import { IRN_CANCEL_REASON_ORDER_CANCELLED, parseNicDateTime, type NicInvoice } from '@bagshop/domain';
import { serverConfig } from '../config.js';

export interface IrpAccount {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The seller's GSTIN: the IRP account is per GSTIN. */
  gstin: string;
}

/** A call the IRP refused or did not answer. `retryable`: try again later (network, 5xx, a token). */
export class IrpCallError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'IrpCallError';
  }
}

export interface IrnRegistration {
  irn: string;
  ackNo: string;
  ackDt: Date;
  signedInvoice: string | null;
  signedQrCode: string;
}

export const EINVOICE_NOT_CONFIGURED =
  'E-invoicing is on but the IRP is not configured: set EINVOICE_API_BASE and the secrets EINVOICE_CLIENT_ID, EINVOICE_CLIENT_SECRET, EINVOICE_USERNAME and EINVOICE_PASSWORD';

/** The account from the settings, for a seller GSTIN; throws (not retryable) when a setting is missing. */
export function irpAccount(gstin: string): IrpAccount {
  const e = serverConfig().einvoice;
  if (!e.apiBase || !e.clientId || !e.clientSecret || !e.username || !e.password)
    throw new IrpCallError(EINVOICE_NOT_CONFIGURED, null, true);
  return { apiBase: e.apiBase, clientId: e.clientId, clientSecret: e.clientSecret, username: e.username, password: e.password, gstin };
}

const CALL_TIMEOUT_MS = 15_000;
const tokens = new Map<string, string>();
const tokenKey = (a: IrpAccount) => `${a.apiBase}|${a.gstin}|${a.username}`;

interface NicAnswer {
  Status?: unknown;
  Data?: unknown;
  ErrorDetails?: { ErrorCode?: unknown; ErrorMessage?: unknown }[] | null;
  InfoDtls?: { InfCd?: unknown; Desc?: unknown }[] | null;
}

async function post(a: IrpAccount, path: string, body: unknown, token: string | null, method = 'POST'): Promise<NicAnswer> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    client_id: a.clientId,
    client_secret: a.clientSecret,
    Gstin: a.gstin,
    ...(token ? { user_name: a.username, AuthToken: token } : {}),
  };
  let res: Response;
  try {
    res = await fetch(`${a.apiBase}${path}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new IrpCallError(`The IRP did not answer: ${error instanceof Error ? error.message : String(error)}`, null, true);
  }
  const answer = (await res.json().catch(() => ({}))) as NicAnswer;
  if (res.status >= 500 || res.status === 429)
    throw new IrpCallError(`The IRP answered ${res.status}: ${firstError(answer).message}`, firstError(answer).code, true);
  return answer;
}

function firstError(answer: NicAnswer): { code: string | null; message: string } {
  const e = answer.ErrorDetails?.[0];
  const all = (answer.ErrorDetails ?? []).map((d) => `${String(d.ErrorCode ?? '')} ${String(d.ErrorMessage ?? '')}`.trim());
  return { code: e?.ErrorCode != null ? String(e.ErrorCode) : null, message: all.join('; ') || 'no error details' };
}

async function authenticate(a: IrpAccount): Promise<string> {
  const answer = await post(a, '/eivital/v1.04/auth', { UserName: a.username, Password: a.password, ForceRefreshAccessToken: false }, null);
  const data = (answer.Data ?? {}) as { AuthToken?: unknown };
  if (answer.Status !== 1 || typeof data.AuthToken !== 'string') {
    const e = firstError(answer);
    throw new IrpCallError(`The IRP refused the login: ${e.message}`, e.code, true);
  }
  tokens.set(tokenKey(a), data.AuthToken);
  return data.AuthToken;
}

/** An authenticated call; a token the IRP no longer takes (1005) is renewed once. */
async function call(a: IrpAccount, path: string, body: unknown, method = 'POST'): Promise<NicAnswer> {
  let token = tokens.get(tokenKey(a)) ?? (await authenticate(a));
  let answer = await post(a, path, body, token, method);
  if (answer.Status !== 1 && firstError(answer).code === '1005') {
    token = await authenticate(a);
    answer = await post(a, path, body, token, method);
  }
  return answer;
}

function registrationOf(d: Record<string, unknown>): IrnRegistration {
  const ackDt = parseNicDateTime(String(d.AckDt ?? ''));
  if (typeof d.Irn !== 'string' || !ackDt || typeof d.SignedQRCode !== 'string')
    throw new IrpCallError('The IRP answered without an IRN, AckDt or signed QR code', null, true);
  return {
    irn: d.Irn,
    ackNo: String(d.AckNo ?? ''),
    ackDt,
    signedInvoice: typeof d.SignedInvoice === 'string' ? d.SignedInvoice : null,
    signedQrCode: d.SignedQRCode,
  };
}

/** Generate IRN. A document the IRP already has (2150 Duplicate IRN: our earlier answer was lost) answers its registration. */
export async function generateIrn(a: IrpAccount, request: NicInvoice): Promise<IrnRegistration> {
  const answer = await call(a, '/eicore/v1.03/Invoice', request);
  if (answer.Status === 1) return registrationOf((answer.Data ?? {}) as Record<string, unknown>);
  const e = firstError(answer);
  if (e.code === '2150') {
    const dup = answer.InfoDtls?.find((i) => i.InfCd === 'DUPIRN')?.Desc as { Irn?: unknown } | undefined;
    if (typeof dup?.Irn === 'string') {
      const details = await call(a, `/eicore/v1.03/Invoice/irn/${dup.Irn}`, null, 'GET');
      if (details.Status === 1) return registrationOf((details.Data ?? {}) as Record<string, unknown>);
    }
  }
  // A refused document (a validation error) will not pass by itself: the error is kept on the order.
  throw new IrpCallError(`The IRP refused the invoice: ${e.message}`, e.code, false);
}

/** Cancel IRN (within 24 h of AckDt; NIC answers 2270 after). */
export async function cancelIrn(a: IrpAccount, irn: string, remark: string): Promise<{ cancelDate: Date | null }> {
  const answer = await call(a, '/eicore/v1.03/Invoice/Cancel', {
    Irn: irn,
    CnlRsn: IRN_CANCEL_REASON_ORDER_CANCELLED,
    CnlRem: remark.slice(0, 100),
  });
  if (answer.Status === 1) {
    const d = (answer.Data ?? {}) as { CancelDate?: unknown };
    return { cancelDate: parseNicDateTime(String(d.CancelDate ?? '')) };
  }
  const e = firstError(answer);
  throw new IrpCallError(`The IRP did not cancel the IRN: ${e.message}`, e.code, false);
}
