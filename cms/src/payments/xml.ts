/** The flat XML documents of the 2C2P 9.9 protocol: one level of elements, text values. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] as string);
}

/** `<root><a>1</a><b>2</b></root>` from ordered pairs; undefined values are left out. */
export function buildXml(root: string, fields: ReadonlyArray<readonly [string, string | undefined]>): string {
  const inner = fields
    .filter((field): field is readonly [string, string] => field[1] !== undefined)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return `<${root}>${inner}</${root}>`;
}

/** The text children of a flat document; empty elements (`<a/>`) read as ''. */
export function readXml(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<([A-Za-z][\w.-]*)>([^<]*)<\/\1>|<([A-Za-z][\w.-]*)\s*\/>/g)) {
    if (match[1]) fields[match[1]] = unescapeXml(match[2]);
    else fields[match[3]] = '';
  }
  return fields;
}
