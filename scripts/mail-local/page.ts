// The local mail inbox's pages (docs/whatsapp.md, "Mail you can see offline"): the queued `mail`
// documents, newest first, and one of them drawn as the Trigger Email extension would send it,
// so a newcomer can click a verification, COD-confirm or unsubscribe link without any mail server.

export interface InboxMail {
  id: string;
  to: string;
  subject: string;
  /** ISO */
  createdAt: string;
  kind: string;
  flow: string | null;
  html: string;
  text: string;
}

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const time = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1a1b1e;background:#f1f3f5}
header{background:#5f3dc4;color:#fff;padding:16px}
header h1{margin:0;font-size:20px}
header a{color:#fff}
main{max-width:860px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:16px;margin-bottom:12px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e9ecef;font-size:14px;vertical-align:top}
td a{color:#1864ab;font-weight:600}
.badge{display:inline-block;padding:1px 8px;border-radius:12px;background:#e5dbff;color:#5f3dc4;font-size:12px}
.muted{color:#495057;font-size:14px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Local mail inbox · Bagshop</title><style>${STYLE}</style></head><body>
<header><h1><a href="/">Local mail inbox</a></h1><div>The mails the shop queued in Firestore (the <code>mail</code> collection). Nothing is sent anywhere.</div></header>
<main>${body}</main></body></html>`;
}

export function inboxPage(mails: InboxMail[]): string {
  if (mails.length === 0)
    return layout('Inbox', '<p class="card">No mail queued yet. Sign up, or place an order, and it appears here.</p>');
  const rows = mails
    .map(
      (m) => `<tr><td>${esc(m.to)}</td><td><a href="/mail/${encodeURIComponent(m.id)}">${esc(m.subject)}</a></td>
<td>${esc(time.format(new Date(m.createdAt)))}</td><td><span class="badge">${esc(m.flow ?? m.kind)}</span></td></tr>`,
    )
    .join('\n');
  return layout(
    'Inbox',
    `<table aria-label="Queued mails, newest first"><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Time</th><th scope="col">Flow</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  );
}

/** One mail: its headers, then its HTML as the shop wrote it (our own escaped markup), links live. */
export function mailPage(mail: InboxMail): string {
  return layout(
    mail.subject,
    `<p><a href="/">← All mail</a></p>
<section class="card" aria-label="Mail headers"><dl>
<dt>To</dt><dd>${esc(mail.to)}</dd><dt>Subject</dt><dd>${esc(mail.subject)}</dd>
<dt>Time</dt><dd>${esc(time.format(new Date(mail.createdAt)))}</dd><dt>Flow</dt><dd>${esc(mail.flow ?? '—')} (${esc(mail.kind)})</dd>
</dl></section>
<article class="card" aria-label="Mail body">${mail.html || `<pre>${esc(mail.text)}</pre>`}</article>`,
  );
}
