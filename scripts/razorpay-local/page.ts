// The local Razorpay test checkout page (docs/orders-and-payments.md, "Razorpay offline"): what
// a shopper sees instead of Razorpay's hosted Payment Link page when `npm start` runs with
// PAYMENT_PROVIDER=razorpay and no real keys. One self-contained HTML document, no scripts:
// the method is a radio group, the UPI QR an inline PNG of the upi://pay link.
import { formatPaise } from '../stripe-local/page.ts';
import { CARDLESS_EMI_PROVIDERS, PAY_LATER_PROVIDERS } from '../../domain/src/emi-rates.ts';
import { emiPlans, formatAnnualRate, formatRupeesPaise } from '../../domain/src/emi.ts';

export interface RazorpayPageLink {
  id: string;
  status: string;
  amount: number;
  description: string;
  expireBy: number;
  upiLink: string;
  upiQr: string;
  message?: string;
  /** The method to open with (`?method=emi` from the shop's "EMI / Pay Later"). */
  method?: string;
  /**
   * 'HDFC:6': the card EMI plan the order was placed on (the link's `notes.emi_plan`), as a
   * Razorpay offer restricts the method: the page then offers that bank and tenure only.
   */
  emiPlan?: string;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const time = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1a1b1e;background:#f1f3f5}
.banner{background:#fff3bf;color:#5c3c00;border-bottom:2px solid #f08c00;padding:12px 16px;text-align:center}
.banner strong{display:block;font-size:1.05rem}
main{max-width:560px;margin:24px auto;padding:0 16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:20px}
h1{font-size:1.4rem;margin:0 0 4px}
.amount{font-size:2rem;font-weight:800;margin:4px 0 0}
.muted{color:#495057}
fieldset{border:1px solid #dee2e6;border-radius:8px;margin:16px 0;padding:12px}
legend{font-weight:700;padding:0 4px}
label.method{display:flex;gap:8px;align-items:center;min-height:44px}
.qr{text-align:center;margin:8px 0}
.qr img{width:200px;height:200px;image-rendering:pixelated}
.upi{word-break:break-all;font-size:.8rem;color:#495057}
.actions{display:flex;flex-direction:column;gap:12px;margin-top:16px}
button{display:block;width:100%;min-height:48px;border-radius:8px;font:inherit;font-weight:700;font-size:1.05rem;cursor:pointer;padding:12px}
.pay{background:#0b4bd1;color:#fff;border:0}
.fail{background:#fff;color:#c92a2a;border:1px solid #c92a2a}
.cancel{background:#fff;color:#1a1b1e;border:1px solid #adb5bd}
button:focus-visible{outline:3px solid #f08c00;outline-offset:2px}
.plan{display:block;width:100%;min-height:44px;font:inherit;margin:4px 0 8px}
.sub{margin:0 0 8px 28px}
.sub label{display:block;font-size:.9rem;color:#495057}
.message{background:#ffe3e3;color:#7d1a1a;border-radius:8px;padding:8px 12px;margin:12px 0}
`;

/**
 * Card EMI (a bank and tenure from the shop's table of Razorpay's rates, each option with its
 * instalment, rate and total payable), Cardless EMI and Pay Later (a provider), as Razorpay's
 * checkout offers them. Radios and selects: no script.
 */
function emiChoices(link: RazorpayPageLink): string {
  const checked = (m: string) => (link.method === m ? ' checked' : '');
  const plans = emiPlans(link.amount).filter((p) => !link.emiPlan || `${p.bankCode}:${p.tenureMonths}` === link.emiPlan);
  if (link.emiPlan)
    return `<label class="method"><input type="radio" name="method" value="emi" checked> Card EMI (the plan chosen at checkout)</label>
<div class="sub"><label for="emi-plan">Bank and tenure</label>
<select class="plan" id="emi-plan" name="emi_plan">${plans
      .map(
        (p) =>
          `<option value="${esc(`${p.bankCode}:${p.tenureMonths}`)}">${esc(`${p.bankName}, ${p.tenureMonths} months: ${formatRupeesPaise(p.instalmentPaise)}/month at ${formatAnnualRate(p.annualRatePercent)}, total ${formatRupeesPaise(p.totalPayablePaise)}`)}</option>`,
      )
      .join('')}</select></div>`;
  const cardless = CARDLESS_EMI_PROVIDERS.filter((p) => link.amount >= p.minAmountRupees * 100);
  const card = plans.length
    ? `<label class="method"><input type="radio" name="method" value="emi"${checked('emi')}> Card EMI</label>
<div class="sub"><label for="emi-plan">Bank and tenure</label>
<select class="plan" id="emi-plan" name="emi_plan">${plans
        .map(
          (p) =>
            `<option value="${esc(`${p.bankCode}:${p.tenureMonths}`)}">${esc(`${p.bankName}, ${p.tenureMonths} months: ${formatRupeesPaise(p.instalmentPaise)}/month at ${formatAnnualRate(p.annualRatePercent)}, total ${formatRupeesPaise(p.totalPayablePaise)}`)}</option>`,
        )
        .join('')}</select></div>`
    : '';
  const cardlessHtml = cardless.length
    ? `<label class="method"><input type="radio" name="method" value="cardless_emi"${checked('cardless_emi')}> Cardless EMI</label>
<div class="sub"><label for="cardless-provider">Provider</label>
<select class="plan" id="cardless-provider" name="cardless_provider">${cardless.map((p) => `<option value="${esc(p.code)}">${esc(p.name)}</option>`).join('')}</select></div>`
    : '';
  return `${card}
${cardlessHtml}
<label class="method"><input type="radio" name="method" value="paylater"${checked('paylater')}> Pay Later</label>
<div class="sub"><label for="paylater-provider">Provider</label>
<select class="plan" id="paylater-provider" name="paylater_provider">${PAY_LATER_PROVIDERS.map((p) => `<option value="${esc(p.code)}">${esc(p.name)}</option>`).join('')}</select></div>`;
}

function otherMethods(link: RazorpayPageLink, checked: (m: string) => string): string {
  return `<label class="method"><input type="radio" name="method" value="upi"${checked('upi')}> UPI (scan the QR with any UPI app)</label>
<div class="qr"><img src="${link.upiQr}" alt="UPI QR code for ${esc(formatPaise(link.amount))}"><div class="upi">${esc(link.upiLink)}</div></div>
<label class="method"><input type="radio" name="method" value="card"${checked('card')}> Card</label>
<label class="method"><input type="radio" name="method" value="netbanking"${checked('netbanking')}> Netbanking</label>`;
}

export function razorpayPage(link: RazorpayPageLink): string {
  const open = link.status === 'created';
  const known = ['upi', 'card', 'netbanking', 'emi', 'cardless_emi', 'paylater'];
  const method = link.method && known.includes(link.method) ? link.method : 'upi';
  const checked = (m: string) => (method === m ? ' checked' : '');

  const body = open
    ? `<form method="post" action="/pl/${esc(link.id)}/pay">
<fieldset><legend>Pay with</legend>
${link.emiPlan ? '' : otherMethods(link, checked)}
${emiChoices({ ...link, method })}
</fieldset>
<div class="actions">
<button class="pay" type="submit">Pay ${esc(formatPaise(link.amount))}</button>
<button class="fail" type="submit" formaction="/pl/${esc(link.id)}/fail">Payment fails</button>
<button class="cancel" type="submit" formaction="/pl/${esc(link.id)}/cancel">Cancel</button>
</div>
</form>`
    : `<p><strong>This payment link is ${esc(link.status)}.</strong></p>`;
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${esc(formatPaise(link.amount))} — Razorpay test checkout</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note"><strong>Test payment — no money moves</strong>This page stands in for Razorpay's payment page on your computer.</div>
<main><div class="card">
<h1>${esc(link.description)}</h1>
<p class="amount">${esc(formatPaise(link.amount))}</p>
<p class="muted">Pay before ${esc(time.format(new Date(link.expireBy * 1000)))}</p>
${link.message ? `<p class="message" role="alert">${esc(link.message)}</p>` : ''}
${body}
</div></main>
</body>
</html>`;
}
