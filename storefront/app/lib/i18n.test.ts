import { describe, expect, it } from 'vitest';
import { courseTypeTextKey, isLocale, translate } from './i18n';

describe('translate', () => {
  const texts = { greet: 'สวัสดี {name}', plain: 'ตะกร้า' };

  it('fills named placeholders', () => {
    expect(translate(texts, 'greet', { name: 'สมชาย' })).toBe('สวัสดี สมชาย');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(translate(texts, 'greet', {})).toBe('สวัสดี {name}');
  });

  it('shows the key when no text exists, so a missing text is visible rather than blank', () => {
    expect(translate(texts, 'missing_key')).toBe('missing_key');
  });
});

describe('isLocale', () => {
  it('accepts th and en only', () => {
    expect(isLocale('th')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});

describe('courseTypeTextKey', () => {
  it.each([
    ['Online', 'course_type_online'],
    ['In-class', 'course_type_in_class'],
    ['Live-Room-Student-Camera', 'course_type_live_room_student_camera'],
  ])('maps %s to %s', (courseType, key) => {
    expect(courseTypeTextKey(courseType)).toBe(key);
  });
});
