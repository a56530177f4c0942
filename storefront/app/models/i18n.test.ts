import { describe, expect, it } from 'vitest';
import { attachPageTexts, courseTypeTextKey, isLocale, loadTextsFor, pageTextsScript, serializePageTexts, textsOf, translate, type PageTexts } from './i18n';

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

  it("picks a plural choice by the page's locale: one and other in English, one form in Thai", () => {
    const english = { cart: 'Cart ({count, plural, one {# item} other {# items}})' };
    expect([0, 1, 2].map((count) => translate(english, 'cart', { count }, 'en'))).toEqual(['Cart (0 items)', 'Cart (1 item)', 'Cart (2 items)']);
    const thai = { cart: 'ตะกร้า ({count} รายการ)' };
    expect([0, 1, 2].map((count) => translate(thai, 'cart', { count }, 'th'))).toEqual(['ตะกร้า (0 รายการ)', 'ตะกร้า (1 รายการ)', 'ตะกร้า (2 รายการ)']);
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

describe('the page texts', () => {
  const pageOf = (locale: 'th' | 'en', version: string, texts: Record<string, string>): PageTexts => ({ locale, version, texts, json: serializePageTexts(locale, version, texts) });

  it('travel as one JSON script that no text can close', () => {
    const json = serializePageTexts('th', 'v1', { site_name: 'ศาลา', evil: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ locale: 'th', version: 'v1', texts: { site_name: 'ศาลา', evil: '</script><script>alert(1)</script>' } });
  });

  it('are what the root loader attached to the data a page is rendered from, script included', () => {
    const page = pageOf('th', 'v1', { site_name: 'ศาลา' });
    const rootData = { locale: 'th' as const, textsVersion: 'v1' };
    attachPageTexts(rootData, page);
    expect(textsOf(rootData)).toBe(page.texts);
    expect(pageTextsScript(rootData)).toBe(page.json);
    expect(textsOf(undefined)).toEqual({});
    expect(pageTextsScript(undefined)).toBeNull();
  });

  it('of another locale are fetched once after a navigation, and a failed fetch keeps what the page has', async () => {
    const asked: string[] = [];
    const english = pageOf('en', 'v2', { site_name: 'Sala' });
    const fetchTexts = async (locale: string) => {
      asked.push(locale);
      return new Response(english.json, { headers: { 'content-type': 'application/json' } });
    };
    const rootData = { locale: 'en' as const, textsVersion: 'v2' };
    await loadTextsFor(rootData, fetchTexts);
    expect(textsOf(rootData)).toEqual({ site_name: 'Sala' });
    await loadTextsFor(rootData, fetchTexts);
    expect(asked).toEqual(['en']);

    await loadTextsFor({ locale: 'en', textsVersion: 'v3' }, async () => new Response('unavailable', { status: 503 }));
    await loadTextsFor({ locale: 'en', textsVersion: 'v3' }, async () => Promise.reject(new TypeError('offline')));
    expect(textsOf({ locale: 'en', textsVersion: 'v3' })).toEqual({ site_name: 'Sala' });
  });
});
