/** The hosted pages: one UTF-8 template, the Approve / Decline page and the auto-posting result form. */
import { formatAmount } from './formats';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,"Noto Sans Thai",sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a202c}
.sandbox{font-size:.8rem;color:#718096;text-transform:uppercase;letter-spacing:.05em}
.amount{font-size:2.25rem;font-weight:700;margin:.5rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;color:#4a5568}
button{font-size:1rem;padding:.75rem 1.5rem;margin:.25rem .5rem .25rem 0;border:0;border-radius:.375rem;cursor:pointer}
.approve{background:#2f855a;color:#fff}.decline{background:#c53030;color:#fff}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem;text-align:left}
</style>
</head>
<body>
<p class="sandbox">Payment sandbox · ระบบทดสอบการชำระเงิน</p>
${body}
</body>
</html>`;
}

/** What a hosted page shows about one payment. */
export type Payable = {
  reference: string;
  provider: string;
  amountMinor: number;
  currency: string;
  description: string;
  status: string;
  settled: boolean;
  details?: Record<string, string>;
};

/** The provider's payment page: the amount and two buttons that settle through `/__sandbox/decide/:ref`. */
export function decisionPage(payable: Payable): string {
  const details = Object.entries({ Reference: payable.reference, ...payable.details })
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const buttons = payable.settled
    ? `<p>This payment is already ${escapeHtml(payable.status)}.</p>`
    : `<form method="post" action="/__sandbox/decide/${encodeURIComponent(payable.reference)}">
<button class="approve" name="decision" value="approve">อนุมัติ · Approve</button>
<button class="decline" name="decision" value="decline">ปฏิเสธ · Decline</button>
</form>`;
  return page(
    `${payable.provider}: ${formatAmount(payable.amountMinor, payable.currency)}`,
    `<h1>${escapeHtml(payable.provider)}</h1>
<p>ยอดชำระ · Amount due</p>
<p class="amount">${escapeHtml(formatAmount(payable.amountMinor, payable.currency))}</p>
<p>${escapeHtml(payable.description)}</p>
<dl>${details}</dl>
${buttons}`,
  );
}

/** A page that posts fields to the merchant at once, as the provider's result page does. */
export function autoPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    'Returning to the merchant',
    `<form id="result" method="post" action="${escapeHtml(action)}">${inputs}<noscript><button>Continue</button></noscript></form>
<script>document.getElementById('result').submit()</script>`,
  );
}

export function messagePage(title: string, message: string, status = 200): { status: number; html: string } {
  return { status, html: page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`) };
}

export function indexPage(name: string, payables: readonly Payable[]): string {
  const rows = payables
    .map(
      (payable) =>
        `<tr><td><a href="/__sandbox/page/${encodeURIComponent(payable.reference)}">${escapeHtml(payable.reference)}</a></td><td>${escapeHtml(
          formatAmount(payable.amountMinor, payable.currency),
        )}</td><td>${escapeHtml(payable.status)}</td></tr>`,
    )
    .join('');
  return page(
    `${name} sandbox`,
    `<h1>${escapeHtml(name)}</h1>
<p>Payments created on this sandbox. Open one to approve or decline it (QR payments are paid here).</p>
<table><tr><th>Reference</th><th>Amount</th><th>Status</th></tr>${rows || '<tr><td colspan="3">None yet</td></tr>'}</table>`,
  );
}
