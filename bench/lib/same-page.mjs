/**
 * Whether two renders of a page are the same page: equal bytes, or equal once the ISO
 * date-times (the checkout's "now") and the scripts' CSP nonces (new on every answer) are masked.
 */
const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;
const NONCE = /nonce="[A-Za-z0-9+/=]+"/g;

/** A description of how `a` and `b` compare; throws with the first difference when they are other pages. */
export function comparePages(a, b, what = 'the pages') {
  if (a.equals(b)) return 'identical bytes';
  const textA = a.toString('utf8');
  const textB = b.toString('utf8');
  const mask = (text) => text.replace(TIMESTAMP, '0000-00-00T00:00:00.000Z').replace(NONCE, 'nonce=""');
  if (mask(textA) === mask(textB)) {
    const timesB = [...textB.matchAll(TIMESTAMP)].map((m) => m[0]);
    const differing = [...textA.matchAll(TIMESTAMP)].filter((m, i) => m[0] !== timesB[i]).length;
    const nonces = NONCE.test(textA) ? ' and the CSP nonces' : '';
    NONCE.lastIndex = 0;
    return `identical bytes apart from ${differing} date-time${differing === 1 ? '' : 's'} (the render's "now")${nonces}`;
  }
  let at = 0;
  while (at < textA.length && textA[at] === textB[at]) at += 1;
  throw new Error(
    `${what} differ (${a.length} vs ${b.length} bytes) at character ${at}: ${JSON.stringify(textA.slice(Math.max(0, at - 80), at + 80))} vs ${JSON.stringify(textB.slice(Math.max(0, at - 80), at + 80))}`,
  );
}
