// The local IRP: a stand-in for the NIC e-invoice API the function's adapter calls
// (functions/src/tax/einvoice-client.ts), with a page listing what it registered, for the
// emulators (docs/gst-b2b.md "E-invoicing"). `npm start` runs it; the API tests run the same module.
// It answers as NIC's API does where the shop relies on it (JSON in the clear: NIC's RSA/AES
// layer is the one part left out, docs/decisions/0046-einvoice-irp.md):
//   POST /eivital/v1.04/auth  headers client_id, client_secret, Gstin; body {UserName, Password}
//     → {Status: 1, Data: {ClientId, UserName, AuthToken, Sek, TokenExpiry}}; wrong credentials → Status 0;
//   POST /eicore/v1.03/Invoice  headers client_id, client_secret, Gstin, user_name, AuthToken; body INV-01 v1.1
//     → {Status: 1, Data: {AckNo, AckDt, Irn, SignedInvoice, SignedQRCode, Status: 'ACT'}};
//     a document already registered → Status 0, ErrorCode 2150 "Duplicate IRN" with InfoDtls DUPIRN {AckNo, AckDt, Irn};
//   POST /eicore/v1.03/Invoice/Cancel  {Irn, CnlRsn, CnlRem} → {Status: 1, Data: {Irn, CancelDate}};
//     after 24 h of AckDt → ErrorCode 2270; an IRN not active → 9999;
//   GET /eicore/v1.03/Invoice/irn/:irn → the registration.
//   GET / the page; POST /fail {count} makes the next calls fail (503), as the tests' `failNext` does.
// IRN = SHA-256 hex of GSTIN + financial year + document type + number; the signed QR code and the
// signed invoice are JWTs (RS256) signed with a key made at start (`publicKeyPem`, GET /publickey).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { LOCAL_PORTS } from '../../domain/src/ports.ts';
import { nicDateTime, parseNicDateTime, IRN_CANCEL_WINDOW_MS, type IrpDocumentType } from '../../domain/src/einvoice.ts';
import { listenLocal, readBody } from '../lib/stand-in-server.ts';
import { docDateOf, irnOf, validateInvoice, type IrpError } from './validate.ts';
import { irpPage } from './page.ts';

export const DEFAULT_IRP_LOCAL_PORT = LOCAL_PORTS.irpLocal;
export const LOCAL_EINVOICE_CLIENT_ID = 'irp-local-client';
export const LOCAL_EINVOICE_CLIENT_SECRET = 'irp-local-client-secret';
export const LOCAL_EINVOICE_USERNAME = 'bagshop_api';
export const LOCAL_EINVOICE_PASSWORD = 'irp-local-password';

export interface IrpRegistration {
  irn: string;
  ackNo: number;
  /** 'yyyy-MM-dd HH:mm:ss', India time. */
  ackDt: string;
  gstin: string;
  docType: IrpDocumentType;
  docNo: string;
  docDate: string;
  buyerGstin: string;
  buyerName: string;
  total: number;
  status: 'ACT' | 'CNL';
  cancelDate: string | null;
  cancelReason: string | null;
  signedQrCode: string;
  signedInvoice: string;
}

export interface IrpLocalOptions {
  port?: number;
  log?: (line: string) => void;
}

export interface IrpLocal {
  port: number;
  url: string;
  publicKeyPem: string;
  registrations: Map<string, IrpRegistration>;
  /** Every call: path, headers that matter, body, and what was answered. */
  requests: { path: string; body: Record<string, unknown>; status: number; answer: unknown }[];
  /** The next `count` calls answer 503 (the retry test; the page's button). */
  failNext: (count: number) => void;
  /** The stand-in's clock (the 24 h rule); tests move it. */
  now: () => Date;
  setClock: (now: () => Date) => void;
  close: () => Promise<void>;
}

type Obj = Record<string, unknown>;

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export function startIrpLocal(options: IrpLocalOptions = {}): Promise<IrpLocal> {
  const port = options.port ?? (Number(process.env.IRP_LOCAL_PORT ?? DEFAULT_IRP_LOCAL_PORT) || DEFAULT_IRP_LOCAL_PORT);
  const url = `http://127.0.0.1:${port}`;
  const log = options.log ?? (() => undefined);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const registrations = new Map<string, IrpRegistration>();
  const tokens = new Map<string, string>(); // AuthToken → GSTIN
  const requests: IrpLocal['requests'] = [];
  let failing = 0;
  let clock = () => new Date();
  let ackSeq = 0;

  const jwt = (claims: Obj) => {
    const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'irp-local' }));
    const body = b64url(JSON.stringify(claims));
    return `${head}.${body}.${b64url(sign('RSA-SHA256', Buffer.from(`${head}.${body}`), privateKey))}`;
  };

  function answer(res: ServerResponse, path: string, body: Obj, status: number, out: unknown): void {
    requests.push({ path, body, status, answer: out });
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(out));
  }
  const failure = (errors: IrpError[], info?: unknown) => ({ Status: 0, ErrorDetails: errors, InfoDtls: info ?? null, Data: null });

  function authenticate(req: IncomingMessage, body: Obj): { ok: true; data: Obj } | { ok: false; errors: IrpError[] } {
    const h = req.headers;
    if (h.client_id !== LOCAL_EINVOICE_CLIENT_ID || h.client_secret !== LOCAL_EINVOICE_CLIENT_SECRET)
      return { ok: false, errors: [{ ErrorCode: '1004', ErrorMessage: 'Invalid Client-ID/Client-Secret' }] };
    const gstin = String(h.gstin ?? '');
    if (!/^[0-9]{2}[0-9A-Z]{13}$/.test(gstin)) return { ok: false, errors: [{ ErrorCode: '1005', ErrorMessage: 'Invalid GSTIN' }] };
    const creds = typeof body.Data === 'object' && body.Data !== null ? (body.Data as Obj) : body;
    if (creds.UserName !== LOCAL_EINVOICE_USERNAME || creds.Password !== LOCAL_EINVOICE_PASSWORD)
      return { ok: false, errors: [{ ErrorCode: '108', ErrorMessage: 'Invalid login credentials.' }] };
    const token = randomBytes(12).toString('hex');
    tokens.set(token, gstin);
    const expiry = nicDateTime(new Date(clock().getTime() + 6 * 3_600_000));
    return {
      ok: true,
      data: {
        ClientId: LOCAL_EINVOICE_CLIENT_ID,
        UserName: creds.UserName,
        AuthToken: token,
        Sek: randomBytes(32).toString('base64'),
        TokenExpiry: expiry,
      },
    };
  }

  function caller(req: IncomingMessage): string | null {
    const h = req.headers;
    if (h.client_id !== LOCAL_EINVOICE_CLIENT_ID || h.client_secret !== LOCAL_EINVOICE_CLIENT_SECRET) return null;
    const gstin = tokens.get(String(h.authtoken ?? ''));
    return gstin && gstin === h.gstin && h.user_name === LOCAL_EINVOICE_USERNAME ? gstin : null;
  }

  function register(body: Obj, gstin: string): { status: number; out: unknown } {
    const now = clock();
    const errors = validateInvoice(body, gstin, now);
    if (errors.length) return { status: 200, out: failure(errors) };
    const doc = body.DocDtls as Obj;
    const type = String(doc.Typ) as IrpDocumentType;
    const docDate = docDateOf(String(doc.Dt)) ?? now;
    const irn = irnOf(gstin, docDate, type, String(doc.No));
    const existing = registrations.get(irn);
    if (existing) {
      const desc = { AckNo: existing.ackNo, AckDt: existing.ackDt, Irn: existing.irn };
      return { status: 200, out: failure([{ ErrorCode: '2150', ErrorMessage: 'Duplicate IRN' }], [{ InfCd: 'DUPIRN', Desc: desc }]) };
    }
    ackSeq += 1;
    const ackNo = Number(`1126${String(Date.now()).slice(-7)}${String(ackSeq).padStart(4, '0')}`);
    const ackDt = nicDateTime(now);
    const buyer = body.BuyerDtls as Obj;
    const val = body.ValDtls as Obj;
    const items = body.ItemList as Obj[];
    const qr = {
      SellerGstin: gstin,
      BuyerGstin: String(buyer.Gstin),
      DocNo: String(doc.No),
      DocTyp: type,
      DocDt: String(doc.Dt),
      TotInvVal: Number(val.TotInvVal),
      ItemCnt: items.length,
      MainHsnCode: String(items[0]?.HsnCd ?? ''),
      Irn: irn,
      IrnDt: ackDt,
    };
    const signedQrCode = jwt({ data: JSON.stringify(qr), iss: 'NIC Sandbox (Bagshop local IRP)' });
    const signedInvoice = jwt({
      data: JSON.stringify({ ...body, Irn: irn, AckNo: ackNo, AckDt: ackDt }),
      iss: 'NIC Sandbox (Bagshop local IRP)',
    });
    registrations.set(irn, {
      irn,
      ackNo,
      ackDt,
      gstin,
      docType: type,
      docNo: String(doc.No),
      docDate: String(doc.Dt),
      buyerGstin: String(buyer.Gstin),
      buyerName: String(buyer.LglNm ?? ''),
      total: Number(val.TotInvVal),
      status: 'ACT',
      cancelDate: null,
      cancelReason: null,
      signedQrCode,
      signedInvoice,
    });
    log(`registered ${String(doc.No)} → IRN ${irn.slice(0, 12)}…`);
    return {
      status: 200,
      out: {
        Status: 1,
        Data: {
          AckNo: ackNo,
          AckDt: ackDt,
          Irn: irn,
          SignedInvoice: signedInvoice,
          SignedQRCode: signedQrCode,
          Status: 'ACT',
          EwbNo: null,
          EwbDt: null,
          EwbValidTill: null,
          Remarks: null,
        },
        ErrorDetails: null,
        InfoDtls: null,
      },
    };
  }

  function cancel(body: Obj, gstin: string): unknown {
    const r = registrations.get(String(body.Irn ?? ''));
    if (!r || r.gstin !== gstin) return failure([{ ErrorCode: '2154', ErrorMessage: 'Invalid IRN' }]);
    if (r.status !== 'ACT') return failure([{ ErrorCode: '9999', ErrorMessage: 'Invoice is not active' }]);
    if (!['1', '2', '3', '4'].includes(String(body.CnlRsn)))
      return failure([{ ErrorCode: '2172', ErrorMessage: 'CnlRsn should be 1, 2, 3 or 4' }]);
    if (typeof body.CnlRem !== 'string' || body.CnlRem.length < 1 || body.CnlRem.length > 100)
      return failure([{ ErrorCode: '2172', ErrorMessage: 'CnlRem should be 1 to 100 characters' }]);
    const acked = parseNicDateTime(r.ackDt);
    const now = clock();
    if (!acked || now.getTime() - acked.getTime() >= IRN_CANCEL_WINDOW_MS)
      return failure([{ ErrorCode: '2270', ErrorMessage: 'The allowed cancellation time limit is crossed, you cannot cancel the IRN' }]);
    r.status = 'CNL';
    r.cancelDate = nicDateTime(now);
    r.cancelReason = `${String(body.CnlRsn)}: ${body.CnlRem}`;
    log(`cancelled IRN ${r.irn.slice(0, 12)}… (${r.docNo})`);
    return { Status: 1, Data: { Irn: r.irn, CancelDate: r.cancelDate }, ErrorDetails: null, InfoDtls: null };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(irpPage([...registrations.values()].reverse(), failing));
      return;
    }
    if (req.method === 'GET' && path === '/publickey') {
      res.writeHead(200, { 'Content-Type': 'application/x-pem-file' });
      res.end(publicKeyPem);
      return;
    }
    const raw = await readBody(req);
    if (req.method === 'POST' && path === '/fail') {
      const count = Number(new URLSearchParams(raw).get('count') ?? '1');
      failing = Number.isInteger(count) && count >= 0 ? count : 1;
      res.writeHead(303, { Location: '/' });
      res.end();
      return;
    }
    let body: Obj = {};
    try {
      body = raw ? (JSON.parse(raw) as Obj) : {};
    } catch {
      answer(res, path, {}, 400, failure([{ ErrorCode: '2172', ErrorMessage: 'The request is not valid JSON' }]));
      return;
    }
    if (failing > 0) {
      failing -= 1;
      answer(res, path, body, 503, {
        Status: 0,
        ErrorDetails: [{ ErrorCode: '5002', ErrorMessage: 'Service unavailable (the local IRP was told to fail)' }],
      });
      return;
    }
    if (req.method === 'POST' && path === '/eivital/v1.04/auth') {
      const a = authenticate(req, body);
      answer(res, path, body, 200, a.ok ? { Status: 1, Data: a.data, ErrorDetails: null } : failure(a.errors));
      return;
    }
    const gstin = caller(req);
    if (path.startsWith('/eicore/') && !gstin) {
      answer(res, path, body, 200, failure([{ ErrorCode: '1005', ErrorMessage: 'Invalid Token' }]));
      return;
    }
    if (req.method === 'POST' && path === '/eicore/v1.03/Invoice' && gstin) {
      const r = register(body, gstin);
      answer(res, path, body, r.status, r.out);
      return;
    }
    if (req.method === 'POST' && path === '/eicore/v1.03/Invoice/Cancel' && gstin) {
      answer(res, path, body, 200, cancel(body, gstin));
      return;
    }
    const irnPath = /^\/eicore\/v1\.03\/Invoice\/irn\/([0-9a-f]{64})$/.exec(path);
    if (req.method === 'GET' && irnPath) {
      const r = registrations.get(irnPath[1] ?? '');
      answer(
        res,
        path,
        {},
        200,
        r
          ? { Status: 1, Data: { Irn: r.irn, AckNo: r.ackNo, AckDt: r.ackDt, Status: r.status, SignedQRCode: r.signedQrCode } }
          : failure([{ ErrorCode: '2154', ErrorMessage: 'Invalid IRN' }]),
      );
      return;
    }
    answer(res, path, body, 404, failure([{ ErrorCode: '404', ErrorMessage: `No such endpoint: ${req.method ?? ''} ${path}` }]));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ Status: 0, ErrorDetails: [{ ErrorCode: '500', ErrorMessage: String(error) }] }));
    });
  });
  return listenLocal(server, port).then((close) => ({
    port,
    url,
    publicKeyPem,
    registrations,
    requests,
    failNext: (count: number) => {
      failing = count;
    },
    now: () => clock(),
    setClock: (now: () => Date) => {
      clock = now;
    },
    close,
  }));
}
