/**
 * The page Chromium prints into a tax document's PDF (docs/decisions/189): A4, Sarabun
 * embedded from data: URLs (the storefront's own Thai webfont, so the PDF carries it and
 * nothing is fetched), every value escaped. A pure function of the frozen content, so the
 * same document prints the same way every time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatMoney, money } from '@sala/shared/money';
import { bahtText } from './baht-text';
import type { DocumentContent, DocumentParty } from './content';

const TITLES: Record<DocumentContent['kind'], string> = {
  receipt: 'ใบเสร็จรับเงิน',
  tax_invoice: 'ใบกำกับภาษีเต็มรูป / ใบเสร็จรับเงิน',
};

const FONT_FILES = [
  ['thai', 400],
  ['latin', 400],
  ['thai', 700],
  ['latin', 700],
] as const;

let fontFaces: string | null = null;

/** @font-face rules for Sarabun 400 and 700, Thai and Latin, as data: URLs (read once). */
function sarabunFaces(): string {
  if (fontFaces !== null) return fontFaces;
  const require = createRequire(__filename);
  fontFaces = FONT_FILES.map(([subset, weight]) => {
    const file = require.resolve(`@fontsource/sarabun/files/sarabun-${subset}-${weight}-normal.woff2`);
    const data = readFileSync(file).toString('base64');
    const range =
      subset === 'thai'
        ? 'U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC'
        : 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
    return `@font-face{font-family:'Sarabun';font-style:normal;font-weight:${weight};src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${range};}`;
  }).join('\n');
  return fontFaces;
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A date as Thai readers write it: 27 พฤศจิกายน 2569 (Buddhist era, Bangkok time). */
export function thaiDate(iso: string): string {
  return new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { timeZone: 'Asia/Bangkok', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

function branchText(party: DocumentParty): string {
  return party.branchNo ? `สาขาที่ ${party.branchNo}` : 'สำนักงานใหญ่';
}

export function partyBlock(title: string, party: DocumentParty, withBranch: boolean): string {
  const rows = [
    `<div class="name">${escapeHtml(party.name || '-')}</div>`,
    party.address ? `<div>${escapeHtml(party.address).replace(/\n/g, '<br>')}</div>` : '',
    party.taxId ? `<div>เลขประจำตัวผู้เสียภาษี ${escapeHtml(party.taxId)}${withBranch ? ` <span class="nw">${branchText(party)}</span>` : ''}</div>` : '',
  ];
  return `<section class="party"><h2>${title}</h2>${rows.join('')}</section>`;
}

/** The documents' shared page style: Sarabun embedded, A4, the header, parties, tables and totals. */
export function documentStyle(): string {
  return `${sarabunFaces()}
@page{size:A4;margin:16mm 14mm}
*{box-sizing:border-box}
body{font-family:'Sarabun',sans-serif;font-size:11pt;line-height:1.6;color:#111;margin:0}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:10mm;border-bottom:1.5pt solid #111;padding-bottom:4mm}
h1{font-size:18pt;margin:0 0 2mm;font-weight:700}
h2{font-size:10pt;margin:0 0 1mm;font-weight:700;color:#444}
.seller{flex:1;min-width:0;overflow-wrap:anywhere}
.meta{text-align:right;white-space:nowrap}
.nw{white-space:nowrap}
.party .name{font-weight:700}
.parties{display:flex;gap:10mm;margin:5mm 0}
.parties>section{flex:1;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin-top:2mm}
th,td{border-bottom:0.75pt solid #bbb;padding:1.5mm 2mm;vertical-align:top;overflow-wrap:anywhere}
th{background:#f1f1f1;font-weight:700;text-align:left}
.n{text-align:right;white-space:nowrap}.c{text-align:center}
.totals{margin-left:auto;width:60%;margin-top:3mm}
.totals td{border:none;padding:0.8mm 2mm}
.totals tr:last-child td{font-weight:700;border-top:1pt solid #111}
.words{text-align:right;font-weight:700;margin:2mm 0}
.wht{margin-top:4mm;padding:2mm 3mm;border:0.75pt solid #999}
footer{margin-top:8mm;font-size:9pt;color:#555}
`;
}

export function documentHtml(content: DocumentContent): string {
  const show = (amount: number) => escapeHtml(formatMoney(money(amount, content.currency), 'th'));
  const t = content.totals;
  const rate = content.vatBasisPoints > 0 ? ` ${content.vatBasisPoints / 100}%` : '';
  const isInvoice = content.kind === 'tax_invoice';
  const lines = content.lines
    .map(
      (line, index) =>
        `<tr><td class="c">${index + 1}</td><td>${escapeHtml(line.title)}</td><td class="n">${line.quantity}</td><td class="n">${show(line.amount)}</td><td class="n">${line.discount > 0 ? show(line.discount) : '-'}</td><td class="n">${show(line.net)}</td></tr>`,
    )
    .join('');
  const totals: [string, string][] = [
    ['รวมเป็นเงิน', show(t.price)],
    ...(t.discount > 0 ? ([['ส่วนลด', show(t.discount)]] as [string, string][]) : []),
    ...(t.shippingFee > 0 ? ([['ค่าจัดส่ง', show(t.shippingFee)]] as [string, string][]) : []),
    ...(t.vat > 0 || isInvoice
      ? ([
          ['มูลค่าก่อนภาษีมูลค่าเพิ่ม', show(t.beforeVat)],
          [`ภาษีมูลค่าเพิ่ม${rate} (${content.vatMode === 'added' ? 'บวกเพิ่มจากราคา' : 'รวมในราคาแล้ว'})`, show(t.vat)],
        ] as [string, string][])
      : []),
    ['จำนวนเงินรวมทั้งสิ้น', show(t.total)],
  ];
  const words = content.currency === 'THB' ? `<p class="words">(${escapeHtml(bahtText(t.total))})</p>` : '';
  const withholding =
    t.withholding > 0
      ? `<p class="wht">หักภาษี ณ ที่จ่าย${content.withholdingPercent > 0 ? ` ${content.withholdingPercent}%` : ''} ${show(t.withholding)} ผู้ซื้อนำส่งและออกหนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ) ให้ผู้ขาย — ยอดรับชำระ ${show(t.paid)}</p>`
      : '';
  return `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><title>${escapeHtml(TITLES[content.kind])} ${escapeHtml(content.code)}</title>
<style>
${documentStyle()}
</style></head>
<body>
<header>
  <div class="seller">${partyBlock('ผู้ขาย', content.seller, true).replace('<h2>ผู้ขาย</h2>', '')}</div>
  <div class="meta"><h1>${escapeHtml(TITLES[content.kind])}</h1>
    <div>เลขที่ ${escapeHtml(content.code)}</div>
    <div>วันที่ ${escapeHtml(thaiDate(content.issuedAt))}</div>
    <div>คำสั่งซื้อ ${content.orderId}</div>
  </div>
</header>
<div class="parties">${partyBlock(isInvoice ? 'ผู้ซื้อ' : 'ได้รับเงินจาก', content.buyer, false)}</div>
<table><thead><tr><th class="c">ลำดับ</th><th>รายการ</th><th class="n">จำนวน</th><th class="n">จำนวนเงิน</th><th class="n">ส่วนลด</th><th class="n">สุทธิ</th></tr></thead>
<tbody>${lines}</tbody></table>
<table class="totals"><tbody>${totals.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td class="n">${value}</td></tr>`).join('')}</tbody></table>
${words}
${withholding}
<footer>ได้รับเงินครบถ้วนแล้ว เอกสารนี้ออกโดยระบบคอมพิวเตอร์</footer>
</body></html>`;
}
