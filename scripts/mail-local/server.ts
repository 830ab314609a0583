// The local mail inbox (docs/whatsapp.md, "Mail you can see offline"): `npm start` runs it next
// to the emulators. It reads the `mail` documents from the Firestore emulator with the Admin SDK
// (the Trigger Email extension's queue: functions/src/mail/mail.ts) and draws them:
//   GET /            every mail, newest first (to, subject, time, flow);
//   GET /mail/:id    one mail, its HTML with live links;
//   GET /api/mails   the same list as JSON (tests).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { LOCAL_PORTS } from '../../domain/src/ports.ts';
import { listenLocal } from '../lib/stand-in-server.ts';
import { inboxPage, mailPage, type InboxMail } from './page.ts';

export const DEFAULT_MAIL_LOCAL_PORT = LOCAL_PORTS.mailLocal;
const APP_NAME = 'mail-local';

export interface MailLocalOptions {
  port?: number;
  /** host:port of the Firestore emulator; FIRESTORE_EMULATOR_HOST when not given. */
  firestoreHost?: string;
  projectId?: string;
  /** How many mails the list shows (newest first). */
  limit?: number;
}

export interface MailLocal {
  port: number;
  url: string;
  close: () => Promise<void>;
}

function firestoreFor(options: MailLocalOptions): Firestore {
  if (options.firestoreHost) process.env.FIRESTORE_EMULATOR_HOST ??= options.firestoreHost;
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('The mail inbox reads the Firestore emulator: set FIRESTORE_EMULATOR_HOST');
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT ?? 'demo-bagshop';
  const app = getApps().find((a) => a.name === APP_NAME) ?? initializeApp({ projectId }, APP_NAME);
  return getFirestore(app);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toInboxMail(id: string, d: Record<string, unknown>): InboxMail {
  const message = (d.message && typeof d.message === 'object' ? d.message : {}) as Record<string, unknown>;
  const created = d.createdAt instanceof Timestamp ? d.createdAt.toDate() : new Date(text(d.createdAt) || 0);
  return {
    id,
    to: Array.isArray(d.to) ? d.to.map(String).join(', ') : text(d.to),
    subject: text(message.subject) || '(no subject)',
    createdAt: created.toISOString(),
    kind: text(d.kind),
    flow: text(d.flow) || null,
    html: text(message.html),
    text: text(message.text),
  };
}

export async function startMailLocal(options: MailLocalOptions = {}): Promise<MailLocal> {
  const port = options.port ?? (Number(process.env.MAIL_LOCAL_PORT ?? DEFAULT_MAIL_LOCAL_PORT) || DEFAULT_MAIL_LOCAL_PORT);
  const db = firestoreFor(options);
  const limit = options.limit ?? 200;
  const list = async (): Promise<InboxMail[]> => {
    const snap = await db.collection('mail').orderBy('createdAt', 'desc').limit(limit).get();
    return snap.docs.map((doc) => toInboxMail(doc.id, doc.data()));
  };

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(body);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'application/json', JSON.stringify({ message: 'GET only' }));
    if (path === '/') return send(res, 200, 'text/html; charset=utf-8', inboxPage(await list()));
    if (path === '/api/mails') return send(res, 200, 'application/json', JSON.stringify({ mails: await list() }));
    const one = /^\/mail\/([A-Za-z0-9_-]{1,100})$/.exec(path);
    if (one?.[1]) {
      const doc = await db.collection('mail').doc(one[1]).get();
      if (!doc.exists) return send(res, 404, 'text/html; charset=utf-8', '<!doctype html><title>Not found</title><p>No such mail.</p>');
      return send(res, 200, 'text/html; charset=utf-8', mailPage(toInboxMail(doc.id, doc.data() ?? {})));
    }
    return send(res, 404, 'application/json', JSON.stringify({ message: 'Not found' }));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, 'text/plain', error instanceof Error ? error.message : String(error)));
  });
  const close = await listenLocal(server, port);
  return { port, url: `http://127.0.0.1:${port}`, close };
}
