// The local IRP's page (docs/gst-b2b.md "E-invoicing"): every document it registered, its IRN,
// acknowledgement and state, and a button that makes the next calls fail (to watch the shop's
// "IRN pending" and its retry). One self-contained HTML document, readable at 360 px.
import type { IrpRegistration } from './server.ts';

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1a1b1e;background:#f1f3f5}
header{background:#5f3dc4;color:#fff;padding:16px}
header h1{margin:0;font-size:20px}
main{max-width:760px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:16px;margin-bottom:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between}
.doc{font:600 18px ui-monospace,monospace}
.irn{font:13px ui-monospace,monospace;word-break:break-all}
.badge{display:inline-block;padding:2px 8px;border-radius:12px;background:#ebfbee;color:#2b8a3e;font-size:13px}
.badge.cnl{background:#fff5f5;color:#c92a2a}
form{display:flex;gap:6px;flex-wrap:wrap;align-items:center}
button{font:inherit;padding:8px 14px;border-radius:6px;border:0;background:#e8590c;color:#fff;cursor:pointer}
input{font:inherit;padding:7px 8px;border:1px solid #ced4da;border-radius:6px;width:5em}
.muted{color:#495057;font-size:14px}
`;

export function irpPage(registrations: IrpRegistration[], failing: number): string {
  const cards = registrations.length
    ? registrations
        .map(
          (r) => `<section class="card" aria-label="${esc(r.docType)} ${esc(r.docNo)}">
<div class="row"><span class="doc">${esc(r.docType)} ${esc(r.docNo)}</span><span class="badge${r.status === 'CNL' ? ' cnl' : ''}">${r.status === 'ACT' ? 'Active' : 'Cancelled'}</span></div>
<div class="muted">${esc(r.docDate)} · ${esc(r.buyerName)} (${esc(r.buyerGstin)}) · ${esc(rupees.format(r.total))}</div>
<div class="muted">Ack No ${r.ackNo} · ${esc(r.ackDt)}${r.cancelDate ? ` · cancelled ${esc(r.cancelDate)} (${esc(r.cancelReason ?? '')})` : ''}</div>
<div class="irn">IRN ${esc(r.irn)}</div>
</section>`,
        )
        .join('\n')
    : '<p class="card">No e-invoices yet. Turn e-invoicing on in the admin\'s seller settings and confirm an order with a GSTIN: it appears here.</p>';
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local e-invoice portal (IRP) · Bagshop</title><style>${STYLE}</style></head><body>
<header><h1>Local e-invoice portal (IRP)</h1><div>Stands in for the NIC e-invoice API on the emulators: it registers B2B invoices, answers their IRN and signed QR code, and cancels within 24 hours.</div></header>
<main>
<section class="card"><form method="post" action="/fail"><label for="count">Fail the next calls</label><input id="count" name="count" type="number" min="0" max="99" value="${failing > 0 ? failing : 3}"><button type="submit">Fail</button><span class="muted">${failing > 0 ? `${failing} call(s) will fail` : 'Answering normally'}</span></form></section>
${cards}</main></body></html>`;
}
