// The local WhatsApp stand-in's pages (docs/whatsapp.md, "Offline"): every phone the shop
// messaged, and each phone's messages as a chat, the template drawn with its parameters, with
// "Reply STOP" and the COD-confirm button, which send the shop the signed inbound webhook
// WhatsApp would. Self-contained HTML, readable at 360 px, works without JavaScript.
import { esc } from '../mail-local/page.ts';

export interface ChatMessage {
  id: string;
  /** Digits, as the Cloud API takes `to`. */
  phone: string;
  direction: 'out' | 'in';
  text: string;
  template: string | null;
  /** The quick-reply button's label and payload, when the template has one. */
  button: { text: string; payload: string } | null;
  status: 'accepted' | 'sent' | 'delivered' | 'read' | 'received';
  /** ISO */
  at: string;
}

const time = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#111b21;background:#efeae2}
header{background:#075e54;color:#fff;padding:16px}
header h1{margin:0;font-size:20px}
header a{color:#fff}
main{max-width:720px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:12px 16px;margin-bottom:12px}
ul.phones{list-style:none;padding:0;margin:0}
ul.phones a{color:#075e54;font-weight:600}
.bubble{max-width:85%;padding:8px 12px;border-radius:8px;margin:8px 0;box-shadow:0 1px 1px rgba(0,0,0,.1);overflow-wrap:anywhere}
.out{background:#fff;margin-right:auto}
.in{background:#d9fdd3;margin-left:auto}
.meta{font-size:12px;color:#54656f;margin-top:4px}
form{display:inline}
button{font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #075e54;background:#fff;color:#075e54;cursor:pointer;margin-top:6px}
button.stop{background:#075e54;color:#fff}
.muted{color:#54656f;font-size:14px}
`;

const TICKS: Record<ChatMessage['status'], string> = {
  accepted: 'accepted',
  sent: 'sent ✓',
  delivered: 'delivered ✓✓',
  read: 'read ✓✓ (blue)',
  received: 'received by the shop',
};

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Local WhatsApp · Bagshop</title><style>${STYLE}</style></head><body>
<header><h1><a href="/">Local WhatsApp test inbox</a></h1><div>Stands in for the WhatsApp Business Cloud API on the emulators: what the shop sends lands here, and your replies go back to it as WhatsApp's signed webhooks.</div></header>
<main>${body}</main></body></html>`;
}

export function phonesPage(phones: { phone: string; count: number; last: string }[]): string {
  if (phones.length === 0)
    return layout(
      'Phones',
      '<p class="card">No messages yet. Place an order with an account whose phone is verified, and its updates appear here.</p>',
    );
  const items = phones
    .map(
      (p) =>
        `<li class="card"><a href="/chat/${encodeURIComponent(p.phone)}">+${esc(p.phone)}</a> <span class="muted">· ${p.count} message${p.count === 1 ? '' : 's'} · last ${esc(time.format(new Date(p.last)))}</span></li>`,
    )
    .join('\n');
  return layout('Phones', `<ul class="phones" aria-label="Phones">${items}</ul>`);
}

export function chatPage(phone: string, messages: ChatMessage[]): string {
  const bubbles = messages
    .map((m) => {
      const button = m.button
        ? `<form method="post" action="/chat/${encodeURIComponent(phone)}/tap/${encodeURIComponent(m.id)}"><button type="submit">${esc(m.button.text)}</button></form>`
        : '';
      return `<div class="bubble ${m.direction}" data-message-id="${esc(m.id)}"><div>${esc(m.text)}</div>${button}
<div class="meta">${m.template ? `${esc(m.template)} · ` : ''}${esc(time.format(new Date(m.at)))} · ${TICKS[m.status]}</div></div>`;
    })
    .join('\n');
  return layout(
    `+${phone}`,
    `<p><a href="/">← All phones</a></p><h2>Chat with +${esc(phone)}</h2>
<section aria-label="Messages">${bubbles || '<p class="muted">No messages.</p>'}</section>
<section class="card" aria-label="Reply"><form method="post" action="/chat/${encodeURIComponent(phone)}/reply"><input type="hidden" name="text" value="STOP"><button class="stop" type="submit">Reply STOP</button></form>
<p class="muted">Sends the shop an inbound "STOP", as the shopper typing it would: it withdraws their marketing consent.</p></section>`,
  );
}
