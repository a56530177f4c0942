/**
 * An amount in Thai words for the documents (docs/decisions/190), by the `bahttext` library
 * (the rules of Google Sheets' BAHTTEXT: 11.11 is สิบเอ็ดบาทสิบเอ็ดสตางค์, 101 is หนึ่งร้อยหนึ่งบาทถ้วน).
 * It is handed a "1234.50" string built from the satang, never a float.
 */
import { bahttext } from 'bahttext';
import { money, toMajorString } from '@sala/shared/money';

/** Satang in Thai words: 123450 → หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์. */
export function bahtText(satang: number): string {
  if (!Number.isSafeInteger(satang)) throw new Error(`not an amount of satang: ${satang}`);
  const words = bahttext(toMajorString(money(Math.abs(satang), 'THB')));
  if (typeof words !== 'string' || words.length === 0) throw new Error(`no words for ${satang} satang`);
  return satang < 0 ? `ลบ${words}` : words;
}
