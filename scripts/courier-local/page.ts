// The local test courier's page (docs/fulfilment.md, "Offline, end to end"): every shipment
// booked with it, and a button for each event that can come next, so a newcomer can walk an
// order to Delivered or back to origin. One self-contained HTML document, readable at 360 px.

export type CourierEventName =
  'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'failed_attempt' | 'rto_initiated' | 'rto_delivered';

export const EVENT_LABELS: Record<CourierEventName, string> = {
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed_attempt: 'Failed attempt',
  rto_initiated: 'RTO initiated',
  rto_delivered: 'RTO delivered',
};

export interface PageShipment {
  awb: string;
  courier: string;
  customer: string;
  city: string;
  /** Rupees to collect (COD), 0 when prepaid. */
  collect: number;
  status: CourierEventName | 'booked';
  events: { event: CourierEventName; at: string; note: string }[];
}

/** What the courier may report next, from the parcel's last event. */
export function nextEvents(status: CourierEventName | 'booked'): CourierEventName[] {
  switch (status) {
    case 'booked':
      return ['picked_up'];
    case 'picked_up':
      return ['in_transit'];
    case 'in_transit':
      return ['out_for_delivery'];
    case 'out_for_delivery':
      return ['delivered', 'failed_attempt'];
    case 'failed_attempt':
      return ['out_for_delivery', 'rto_initiated'];
    case 'rto_initiated':
      return ['rto_delivered'];
    case 'delivered':
    case 'rto_delivered':
      return [];
  }
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const time = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1a1b1e;background:#f1f3f5}
header{background:#0b7285;color:#fff;padding:16px}
header h1{margin:0;font-size:20px}
main{max-width:760px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:16px;margin-bottom:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between}
.awb{font:600 18px ui-monospace,monospace}
.badge{display:inline-block;padding:2px 8px;border-radius:12px;background:#e7f5ff;color:#1864ab;font-size:13px}
ol{padding-left:20px;margin:8px 0;font-size:14px;color:#495057}
form{display:inline-flex;gap:6px;margin:4px 8px 0 0;flex-wrap:wrap}
button{font:inherit;padding:8px 14px;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer}
button.warn{background:#e8590c}
input{font:inherit;padding:7px 8px;border:1px solid #ced4da;border-radius:6px;min-width:0}
.muted{color:#868e96;font-size:14px}
`;

export function courierPage(shipments: PageShipment[]): string {
  const cards = shipments.length
    ? shipments
        .map((s) => {
          const buttons = nextEvents(s.status)
            .map((e) =>
              e === 'failed_attempt'
                ? `<form method="post" action="/s/${encodeURIComponent(s.awb)}/${e}"><label class="muted" for="r-${esc(s.awb)}">Reason</label><input id="r-${esc(s.awb)}" name="reason" value="Customer not available" maxlength="100"><button class="warn" type="submit">${EVENT_LABELS[e]}</button></form>`
                : `<form method="post" action="/s/${encodeURIComponent(s.awb)}/${e}"><button type="submit"${e.startsWith('rto') ? ' class="warn"' : ''}>${EVENT_LABELS[e]}</button></form>`,
            )
            .join('');
          const events = s.events.map((e) => `<li>${esc(time.format(new Date(e.at)))}: ${esc(e.note)}</li>`).join('');
          return `<section class="card" aria-label="Shipment ${esc(s.awb)}">
<div class="row"><span class="awb">${esc(s.awb)}</span><span class="badge">${s.status === 'booked' ? 'Booked' : EVENT_LABELS[s.status]}</span></div>
<div class="muted">${esc(s.courier)} · ${esc(s.customer)} · ${esc(s.city)}${s.collect ? ` · COD: collect ${esc(rupees.format(s.collect))}` : ' · Prepaid'}</div>
${events ? `<ol>${events}</ol>` : ''}
<div>${buttons || '<span class="muted">No further events.</span>'}</div>
</section>`;
        })
        .join('\n')
    : '<p class="card">No shipments yet. Ship a confirmed order from the admin\'s Orders page and it appears here.</p>';
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local test courier · Bagshop</title><style>${STYLE}</style></head><body>
<header><h1>Local test courier</h1><div>Stands in for Shiprocket on the emulators. Each button sends the shop the tracking webhook the courier would.</div></header>
<main>${cards}</main></body></html>`;
}
