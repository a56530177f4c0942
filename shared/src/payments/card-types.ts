/** The card types recognised at checkout. */
export const CARD_TYPES = ['visa', 'mastercard', 'american-express', 'diners-club', 'discover', 'jcb', 'unionpay', 'maestro', 'elo', 'mir', 'hiper', 'hipercard'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** A prefix, or an inclusive range of prefixes of the same length. */
type Pattern = number | readonly [number, number];

export type CardTypeInfo = {
  type: CardType;
  niceType: string;
  /** Valid numbers of digits. */
  lengths: readonly number[];
  /** Digit positions after which the number is shown with a space. */
  gaps: readonly number[];
  code: { name: string; size: number };
};

type CardDefinition = CardTypeInfo & { patterns: readonly Pattern[] };

/** Prefixes and lengths as in the common card-type tables (the same data payment SDKs use). */
const DEFINITIONS: readonly CardDefinition[] = [
  { type: 'visa', niceType: 'Visa', patterns: [4], gaps: [4, 8, 12], lengths: [16, 18, 19], code: { name: 'CVV', size: 3 } },
  {
    type: 'mastercard',
    niceType: 'Mastercard',
    patterns: [[51, 55], [2221, 2229], [223, 229], [23, 26], [270, 271], 2720],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: 'CVC', size: 3 },
  },
  { type: 'american-express', niceType: 'American Express', patterns: [34, 37], gaps: [4, 10], lengths: [15], code: { name: 'CID', size: 4 } },
  { type: 'diners-club', niceType: 'Diners Club', patterns: [[300, 305], 36, 38, 39], gaps: [4, 10], lengths: [14, 16, 19], code: { name: 'CVV', size: 3 } },
  { type: 'discover', niceType: 'Discover', patterns: [6011, [644, 649], 65], gaps: [4, 8, 12], lengths: [16, 19], code: { name: 'CID', size: 3 } },
  { type: 'jcb', niceType: 'JCB', patterns: [2131, 1800, [3528, 3589]], gaps: [4, 8, 12], lengths: [16, 17, 18, 19], code: { name: 'CVV', size: 3 } },
  {
    type: 'unionpay',
    niceType: 'UnionPay',
    patterns: [
      620,
      [62100, 62182],
      [62184, 62187],
      [62185, 62197],
      [62200, 62205],
      [622010, 622999],
      622018,
      [62207, 62209],
      [623, 626],
      6270,
      6272,
      6276,
      [627700, 627779],
      [627781, 627799],
      [6282, 6289],
      6291,
      6292,
      810,
      [8110, 8131],
      [8132, 8151],
      [8152, 8163],
      [8164, 8171],
    ],
    gaps: [4, 8, 12],
    lengths: [14, 15, 16, 17, 18, 19],
    code: { name: 'CVN', size: 3 },
  },
  {
    type: 'maestro',
    niceType: 'Maestro',
    patterns: [493698, [500000, 504174], [504176, 506698], [506779, 508999], [56, 59], 63, 67, 6],
    gaps: [4, 8, 12],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    code: { name: 'CVC', size: 3 },
  },
  {
    type: 'elo',
    niceType: 'Elo',
    patterns: [
      401178,
      401179,
      438935,
      457631,
      457632,
      431274,
      451416,
      457393,
      504175,
      [506699, 506778],
      [509000, 509999],
      627780,
      636297,
      636368,
      [650031, 650033],
      [650035, 650051],
      [650405, 650439],
      [650485, 650538],
      [650541, 650598],
      [650700, 650718],
      [650720, 650727],
      [650901, 650978],
      [651652, 651679],
      [655000, 655019],
      [655021, 655058],
    ],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: 'CVE', size: 3 },
  },
  { type: 'mir', niceType: 'Mir', patterns: [[2200, 2204]], gaps: [4, 8, 12], lengths: [16, 17, 18, 19], code: { name: 'CVP2', size: 3 } },
  {
    type: 'hiper',
    niceType: 'Hiper',
    patterns: [637095, 63737423, 63743358, 637568, 637599, 637609, 637612],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: 'CVC', size: 3 },
  },
  { type: 'hipercard', niceType: 'Hipercard', patterns: [606282], gaps: [4, 8, 12], lengths: [16], code: { name: 'CVC', size: 3 } },
];

/** Keeps the digits of a card number as typed ('4111 1111-1111 1111' gives '4111111111111111'). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * How strongly a number matches a pattern: the pattern's length when the number
 * is long enough to confirm it, 0 when the number is a still-possible beginning,
 * and -1 when it cannot match.
 */
function matchStrength(digits: string, pattern: Pattern): number {
  const [low, high] = typeof pattern === 'number' ? [pattern, pattern] : pattern;
  const size = String(low).length;
  const head = digits.slice(0, size);
  const within = Number(head) >= Number(String(low).slice(0, head.length)) && Number(head) <= Number(String(high).slice(0, head.length));
  if (!within) return -1;
  return head.length === size ? size : 0;
}

function toInfo({ patterns: _patterns, ...info }: CardDefinition): CardTypeInfo {
  return info;
}

/** Every card type a (possibly partial) number may still belong to, most specific first. */
export function possibleCardTypes(input: string): CardTypeInfo[] {
  const digits = cardDigits(input);
  if (!/^\d+$/.test(digits)) return [];
  return DEFINITIONS.map((definition) => ({ definition, strength: Math.max(...definition.patterns.map((p) => matchStrength(digits, p))) }))
    .filter((candidate) => candidate.strength >= 0)
    .sort((a, b) => b.strength - a.strength)
    .map((candidate) => toInfo(candidate.definition));
}

/**
 * The card type of a number: the type whose matching prefix is the longest (so
 * '4011 78…' is elo rather than visa), or null when none matches or the number is
 * still too short to tell.
 */
export function detectCardType(input: string): CardTypeInfo | null {
  const digits = cardDigits(input);
  if (!/^\d+$/.test(digits)) return null;
  let best: { definition: CardDefinition; strength: number } | null = null;
  for (const definition of DEFINITIONS) {
    const strength = Math.max(...definition.patterns.map((p) => matchStrength(digits, p)));
    if (strength === 0) return null;
    if (strength > 0 && (!best || strength > best.strength)) best = { definition, strength };
  }
  return best ? toInfo(best.definition) : null;
}

/** The Luhn (mod 10) check digit test. */
export function luhnCheck(input: string): boolean {
  const digits = cardDigits(input);
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/** A complete card number: a recognised type, one of its lengths, and a valid Luhn digit. */
export function isValidCardNumber(input: string): boolean {
  const digits = cardDigits(input);
  const info = detectCardType(digits);
  return info !== null && info.lengths.includes(digits.length) && luhnCheck(digits);
}
