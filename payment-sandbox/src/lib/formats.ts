/** Wire formats the sandboxes read and write: flat XML, amounts as text, EMVCo QR payloads. */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

export function xmlDocument(root: string, fields: Record<string, string>): string {
  return `<${root}>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('')}</${root}>`;
}

export function xmlFields(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<(\w+)>([^<]*)<\/\1>|<(\w+)\s*\/>/g)) {
    const value = match[2] ?? '';
    fields[match[1] ?? match[3]] = value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
  }
  return fields;
}

/**
 * Amounts are kept as integer minor units and converted as text (digits moved
 * across the decimal point), never through floating point.
 */
export function decimalToMinor(value: string | number): number | null {
  const match = /^(\d+)(?:\.(\d{1,2})0*)?$/.exec(String(value).trim());
  return match ? Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`) : null;
}

export function minorToDecimal(minor: number): string {
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** `฿1,234.50` / `$1,234.50` for the hosted pages. */
export function formatAmount(minor: number, currency: string): string {
  const [whole, fraction] = minorToDecimal(minor).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency === 'THB' ? '฿' : currency === 'USD' ? '$' : `${currency} `}${grouped}.${fraction}`;
}

const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE, as EMVCo QR codes use it (tag 63). */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A Thai QR bill payment (tag 30) with the amount, as a bank app would scan it. */
export function billPaymentQr(billerId: string, ref1: string, amount: string, ref2?: string, ref3?: string): string {
  const merchant = tlv('00', 'A000000677010112') + tlv('01', billerId) + tlv('02', ref1) + (ref2 ? tlv('03', ref2) : '');
  const body = tlv('00', '01') + tlv('01', '12') + tlv('30', merchant) + tlv('53', '764') + tlv('54', amount) + tlv('58', 'TH') + (ref3 ? tlv('62', tlv('07', ref3)) : '') + '6304';
  return body + crc16(body);
}
