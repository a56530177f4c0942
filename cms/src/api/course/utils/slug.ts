/**
 * URL slugs for courses and products. Course URLs are `/courses/{id}-{slug}` and the
 * id is what identifies the course, so a slug only needs to be readable, not unique.
 * Thai titles are romanized with a simplified RTGS table (consonants by their initial
 * sound, vowels re-ordered after their consonant, tone marks and silent letters
 * dropped). It is approximate on purpose: good enough for a readable link.
 */

const CONSONANTS: Record<string, string> = {
  ก: 'k',
  ข: 'kh',
  ฃ: 'kh',
  ค: 'kh',
  ฅ: 'kh',
  ฆ: 'kh',
  ง: 'ng',
  จ: 'ch',
  ฉ: 'ch',
  ช: 'ch',
  ซ: 's',
  ฌ: 'ch',
  ญ: 'y',
  ฎ: 'd',
  ฏ: 't',
  ฐ: 'th',
  ฑ: 'th',
  ฒ: 'th',
  ณ: 'n',
  ด: 'd',
  ต: 't',
  ถ: 'th',
  ท: 'th',
  ธ: 'th',
  น: 'n',
  บ: 'b',
  ป: 'p',
  ผ: 'ph',
  ฝ: 'f',
  พ: 'ph',
  ฟ: 'f',
  ภ: 'ph',
  ม: 'm',
  ย: 'y',
  ร: 'r',
  ฤ: 'rue',
  ล: 'l',
  ฦ: 'lue',
  ว: 'w',
  ศ: 's',
  ษ: 's',
  ส: 's',
  ห: 'h',
  ฬ: 'l',
  อ: 'o',
  ฮ: 'h',
};

/** Vowels written before the consonant they follow in speech. */
const LEADING_VOWELS: Record<string, string> = { เ: 'e', แ: 'ae', โ: 'o', ใ: 'ai', ไ: 'ai' };

const FOLLOWING_VOWELS: Record<string, string> = {
  ะ: 'a',
  'ั': 'a',
  า: 'a',
  ำ: 'am',
  'ิ': 'i',
  'ี': 'i',
  'ึ': 'ue',
  'ื': 'ue',
  'ุ': 'u',
  'ู': 'u',
};

/** Tone marks, the repetition sign and other signs that have no sound of their own. */
const SILENT = new Set(['่', '้', '๊', '๋', '็', 'ๆ', 'ฯ', 'ๅ', 'ํ', '๎']);
const THANTHAKHAT = '์';
/** Low sonorants: a ห written before one of them only sets the tone (หนังสือ is nangsue). */
const SONORANTS = new Set(['ง', 'ญ', 'น', 'ม', 'ย', 'ร', 'ล', 'ว']);
const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';

/** Romanizes Thai letters and keeps everything else as it is. */
export function romanizeThai(input: string): string {
  const chars = Array.from(input.normalize('NFC'));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i];
    const next = chars[i + 1];
    // The letter under a thanthakhat (possibly with a tone mark between) is not pronounced.
    if (next === THANTHAKHAT || (chars[i + 2] === THANTHAKHAT && SILENT.has(next))) continue;
    if (ch === THANTHAKHAT || SILENT.has(ch)) continue;
    if (ch === 'ห' && next && SONORANTS.has(next)) continue;
    // อ after the vowel ื only carries it (มือ is mue).
    if (ch === 'อ' && (chars[i - 1] === 'ื' || (SILENT.has(chars[i - 1] ?? '') && chars[i - 2] === 'ื'))) continue;
    if (LEADING_VOWELS[ch] && next && CONSONANTS[next]) {
      out.push(CONSONANTS[next] === 'o' ? '' : CONSONANTS[next], LEADING_VOWELS[ch]);
      i += 1;
      continue;
    }
    if (LEADING_VOWELS[ch]) out.push(LEADING_VOWELS[ch]);
    else if (FOLLOWING_VOWELS[ch]) out.push(FOLLOWING_VOWELS[ch]);
    else if (CONSONANTS[ch]) out.push(CONSONANTS[ch]);
    else if (THAI_DIGITS.includes(ch)) out.push(String(THAI_DIGITS.indexOf(ch)));
    else out.push(ch);
  }
  return out.join('');
}

/** A lowercase ASCII slug of a title (Thai romanized), at most 80 characters; '' when nothing is left. */
export function slugify(title: string): string {
  return romanizeThai(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** The slug to store: from the title, or `{prefix}-{id}` when the title gives nothing. */
export function slugOrFallback(title: string | null | undefined, prefix: string, id: number): string {
  return slugify(title ?? '') || `${prefix}-${id}`;
}
