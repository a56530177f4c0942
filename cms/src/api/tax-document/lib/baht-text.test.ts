import { describe, expect, it } from 'vitest';
import { bahtText } from './baht-text';

describe('bahtText', () => {
  it.each([
    [1111, 'สิบเอ็ดบาทสิบเอ็ดสตางค์'],
    [5_100_000_100, 'ห้าสิบเอ็ดล้านหนึ่งบาทถ้วน'],
    [0, 'ศูนย์บาทถ้วน'],
    [75, 'เจ็ดสิบห้าสตางค์'],
    [1000, 'สิบบาทถ้วน'],
    [2000, 'ยี่สิบบาทถ้วน'],
    [10100, 'หนึ่งร้อยหนึ่งบาทถ้วน'],
    [123450, 'หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์'],
    [107000, 'หนึ่งพันเจ็ดสิบบาทถ้วน'],
    [-2100, 'ลบยี่สิบเอ็ดบาทถ้วน'],
  ])('%i satang reads %s', (satang, words) => {
    expect(bahtText(satang)).toBe(words);
  });

  it('refuses a fraction of a satang', () => {
    expect(() => bahtText(1.5)).toThrow();
  });
});
