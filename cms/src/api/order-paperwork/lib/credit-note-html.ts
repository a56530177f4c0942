/**
 * The page Chromium prints into a credit note's PDF (docs/decisions/198, Revenue Code s.86/10):
 * the word ใบลดหนี้, the seller and the buyer with their tax ids, the date, the original
 * document's number and date, the original value, the correct value, the difference, the VAT on
 * it, the total in Thai words and the reason. The same style and escaping as the receipts.
 */
import { formatMoney, money } from '@sala/shared/money';
import { bahtText } from '../../tax-document/lib/baht-text';
import { documentStyle, escapeHtml, partyBlock, thaiDate } from '../../tax-document/lib/html';
import type { CreditNoteContent } from './credit-note-content';

const ORIGINAL_TITLES: Record<CreditNoteContent['original']['kind'], string> = {
  receipt: 'ใบเสร็จรับเงิน',
  tax_invoice: 'ใบกำกับภาษี/ใบเสร็จรับเงิน',
};

export function creditNoteHtml(content: CreditNoteContent): string {
  const show = (amount: number) => escapeHtml(formatMoney(money(amount, content.currency), 'th'));
  const a = content.amounts;
  const rate = content.vatBasisPoints > 0 ? ` ${content.vatBasisPoints / 100}%` : '';
  const lines = content.lines
    .map((line, index) => `<tr><td class="c">${index + 1}</td><td>${escapeHtml(line.title)}</td><td class="n">${line.quantity}</td><td class="n">${show(line.net)}</td></tr>`)
    .join('');
  const rows: [string, string][] = [
    [`มูลค่าตามเอกสารเดิม${content.withVat ? ' (ก่อนภาษีมูลค่าเพิ่ม)' : ''}`, show(a.originalValue)],
    ['มูลค่าที่ถูกต้อง', show(a.correctValue)],
    ['ผลต่าง', show(a.difference)],
    ...(content.withVat ? ([[`ภาษีมูลค่าเพิ่มของผลต่าง${rate}`, show(a.vatOnDifference)]] as [string, string][]) : []),
    ['รวมลดหนี้ทั้งสิ้น', show(a.total)],
  ];
  const words = content.currency === 'THB' ? `<p class="words">(${escapeHtml(bahtText(a.total))})</p>` : '';
  const withholding = a.withholding > 0 ? `<p class="wht">ผู้ซื้อหักภาษี ณ ที่จ่ายไว้ ${show(a.withholding)} — ยอดที่คืนให้ผู้ซื้อ ${show(a.refund)}</p>` : '';
  const originalTitle = ORIGINAL_TITLES[content.original.kind];
  return `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><title>ใบลดหนี้ ${escapeHtml(content.code)}</title>
<style>
${documentStyle()}
.ref{margin:3mm 0;padding:2mm 3mm;border:0.75pt solid #999}
</style></head>
<body>
<header>
  <div class="seller">${partyBlock('', content.seller, true).replace('<h2></h2>', '')}</div>
  <div class="meta"><h1>ใบลดหนี้</h1>
    <div>เลขที่ ${escapeHtml(content.code)}</div>
    <div>วันที่ ${escapeHtml(thaiDate(content.issuedAt))}</div>
    <div>คำสั่งซื้อ ${content.orderId}</div>
  </div>
</header>
<div class="parties">${partyBlock('ผู้ซื้อ', content.buyer, false)}</div>
<p class="ref">อ้างอิง${escapeHtml(originalTitle)} เลขที่ ${escapeHtml(content.original.code)} ลงวันที่ ${escapeHtml(thaiDate(content.original.issuedAt))}<br>เหตุผลที่ลดหนี้: ${escapeHtml(content.reason)}</p>
<table><thead><tr><th class="c">ลำดับ</th><th>รายการที่ยกเลิก</th><th class="n">จำนวน</th><th class="n">จำนวนเงิน</th></tr></thead>
<tbody>${lines}</tbody></table>
<table class="totals"><tbody>${rows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td class="n">${value}</td></tr>`).join('')}</tbody></table>
${words}
${withholding}
<footer>เอกสารนี้ออกโดยระบบคอมพิวเตอร์</footer>
</body></html>`;
}
