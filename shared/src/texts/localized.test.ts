import { describe, expect, it } from 'vitest';
import { interpolate, TEXTS } from './index.js';
import { formatCount, formatDurationMinutes, localizeDurationText, localizedValue, parseDurationText } from './localized.js';

describe('content in the chosen language', () => {
  it('an English visitor reads the English text an editor gave', () => {
    expect(localizedValue('รายเดือน', 'Monthly', 'en')).toBe('Monthly');
  });

  it('a blank or missing English text falls back to Thai', () => {
    expect(localizedValue('รายเดือน', '', 'en')).toBe('รายเดือน');
    expect(localizedValue('รายเดือน', '   ', 'en')).toBe('รายเดือน');
    expect(localizedValue('รายเดือน', null, 'en')).toBe('รายเดือน');
  });

  it('a Thai visitor reads Thai even when an English text exists', () => {
    expect(localizedValue('รายเดือน', 'Monthly', 'th')).toBe('รายเดือน');
  });
});

describe('generated durations and counts', () => {
  it.each([
    // minutes, Thai, English
    [270, '4 ชั่วโมง 30 นาที', '4 hours 30 minutes'],
    [360, '6 ชั่วโมง', '6 hours'],
    [61, '1 ชั่วโมง 1 นาที', '1 hour 1 minute'],
    [45, '45 นาที', '45 minutes'],
    [0, '0 นาที', '0 minutes'],
  ])('%i minutes read "%s" in Thai and "%s" in English', (minutes, thai, english) => {
    expect(formatDurationMinutes(minutes, 'th')).toBe(thai);
    expect(formatDurationMinutes(minutes, 'en')).toBe(english);
  });

  it.each([
    ['4 ชั่วโมง 30 นาที', 270],
    ['6 ชั่วโมง', 360],
    ['90 นาที', 90],
    ['1.5 ชม.', 90],
    ['4 hours 30 minutes', 270],
    ['2 hrs', 120],
    ['ประมาณ 4 ชั่วโมง', null],
    ['self-paced', null],
    ['', null],
  ])('"%s" reads as %s minutes', (text, minutes) => {
    expect(parseDurationText(text)).toBe(minutes);
  });

  it('a typed Thai duration is rewritten in English, other text is kept as typed', () => {
    expect(localizeDurationText('4 ชั่วโมง 30 นาที', 'en')).toBe('4 hours 30 minutes');
    expect(localizeDurationText('4 ชั่วโมง 30 นาที', 'th')).toBe('4 ชั่วโมง 30 นาที');
    expect(localizeDurationText('เรียนได้ตลอดชีพ', 'en')).toBe('เรียนได้ตลอดชีพ');
  });

  it('a count reads with its plural in English and without in Thai, grouped by Intl', () => {
    expect(interpolate(TEXTS.course_seats_left.en, { seat: formatCount(1, 'en') }, 'en')).toBe('1 seat left');
    expect(interpolate(TEXTS.course_seats_left.en, { seat: formatCount(1500, 'en') }, 'en')).toBe('1,500 seats left');
    expect(interpolate(TEXTS.course_seats_left.th, { seat: formatCount(1200, 'th') }, 'th')).toBe('เหลือ 1,200 ที่นั่ง');
  });

  it('counts are grouped the same way in both languages, with Western digits', () => {
    expect(formatCount(1234, 'th')).toBe('1,234');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(7, 'en')).toBe('7');
  });
});
