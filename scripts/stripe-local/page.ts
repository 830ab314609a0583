// The local test checkout page (docs/orders-and-payments.md, "Card payments offline"): what
// a shopper sees instead of Stripe's hosted page when `npm start` runs without a real key.
// One self-contained HTML document: no scripts, no external files, readable at 360 px.

export interface PageLine {
  name: string;
  /** Paise per unit. */
  unitAmount: number;
  quantity: number;
}

export interface PageSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  amountTotal: number;
  currency: string;
  expiresAt: number;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  lines: PageLine[];
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** ₹4,198 for whole rupees (as the shop shows prices), ₹4,198.50 otherwise. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? rupees.format(paise / 100) : rupeesAndPaise.format(paise / 100);
}

const time = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1a1b1e;background:#f1f3f5}
.banner{background:#fff3bf;color:#5c3c00;border-bottom:2px solid #f08c00;padding:12px 16px;text-align:center}
.banner strong{display:block;font-size:1.05rem}
main{max-width:560px;margin:24px auto;padding:0 16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.4rem;margin:0 0 4px}
h2{font-size:1.05rem;margin:20px 0 8px}
.amount{font-size:2rem;font-weight:800;margin:4px 0 0}
.muted{color:#495057}
table{width:100%;border-collapse:collapse}
th,td{padding:8px 4px;border-bottom:1px solid #e9ecef;text-align:left;vertical-align:top}
th[scope=col]{font-size:.85rem;color:#495057;font-weight:600}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot th,tfoot td{border-bottom:0;font-weight:700;font-size:1.05rem}
.actions{display:flex;flex-direction:column;gap:12px;margin-top:20px}
button,.button{display:block;width:100%;min-height:48px;border-radius:8px;font:inherit;font-weight:700;font-size:1.05rem;cursor:pointer;text-align:center;text-decoration:none;padding:12px}
.pay{background:#1864ab;color:#fff;border:0}
.pay:hover{background:#1c7ed6}
.cancel{background:#fff;color:#1a1b1e;border:1px solid #adb5bd}
button:focus-visible,.button:focus-visible{outline:3px solid #f08c00;outline-offset:2px}
.note{font-size:.9rem;color:#495057;margin-top:16px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);border:0}
`;

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note"><strong>Test payment — no money moves</strong>This page stands in for Stripe Checkout on your computer. No card is needed.</div>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(session: PageSession): string {
  const total = formatPaise(session.amountTotal);
  if (session.status === 'expired') {
    return shell(
      'Checkout expired · Bagshop test payment',
      `<div class="card"><h1>This checkout has expired</h1>
<p class="muted">The time to pay ran out, so nothing was charged and the order's items went back on sale.</p>
<div class="actions"><a class="button cancel" href="${esc(session.cancelUrl)}">Back to the shop</a></div></div>`,
    );
  }
  if (session.status === 'complete') {
    return shell(
      'Paid · Bagshop test payment',
      `<div class="card"><h1>Already paid</h1><p class="muted">This test payment of ${esc(total)} went through.</p>
<div class="actions"><a class="button pay" href="${esc(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id))}">Back to the shop</a></div></div>`,
    );
  }
  const rows = session.lines
    .map(
      (l) => `<tr><td>${esc(l.name)}<br><span class="muted">${esc(formatPaise(l.unitAmount))} each</span></td>
<td class="num">${l.quantity}</td><td class="num">${esc(formatPaise(l.unitAmount * l.quantity))}</td></tr>`,
    )
    .join('\n');
  const closes = new Date(session.expiresAt * 1000);
  return shell(
    `Pay ${total} · Bagshop test payment`,
    `<div class="card">
<h1>Pay Bagshop</h1>
<p class="amount" aria-label="Total ${esc(total)}">${esc(total)}</p>
${session.customerEmail ? `<p class="muted">${esc(session.customerEmail)}</p>` : ''}
<h2 id="summary">Order summary</h2>
<table aria-labelledby="summary">
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="num">${esc(total)}</td></tr></tfoot>
</table>
<p class="note">Pay by <time datetime="${closes.toISOString()}">${esc(time.format(closes))} IST</time>; after that the order is cancelled and its items go back on sale.</p>
<div class="actions">
<form method="post" action="/c/pay/${esc(session.id)}/pay"><button class="pay" type="submit">Pay ${esc(total)}</button></form>
<form method="post" action="/c/pay/${esc(session.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>
</div>`,
  );
}

export function notFoundPage(): string {
  return shell(
    'Not found · Bagshop test payment',
    '<div class="card"><h1>No such checkout</h1><p class="muted">This test checkout does not exist (it may be from before the stand-in restarted).</p></div>',
  );
}
