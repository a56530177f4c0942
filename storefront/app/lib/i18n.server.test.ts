import { describe, expect, it } from 'vitest';
import { getDefaultTexts, getLocale, getLocaleSwitchRedirect, textsVersion } from './i18n.server';

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });

describe('getLocale', () => {
  it('is Thai when nothing says otherwise', () => {
    expect(getLocale(request('http://shop.test/'))).toBe('th');
  });

  it('follows the lang cookie', () => {
    expect(getLocale(request('http://shop.test/', 'theme=x; lang=en'))).toBe('en');
  });

  it('prefers ?lang= over the cookie and ignores unknown values', () => {
    expect(getLocale(request('http://shop.test/?lang=th', 'lang=en'))).toBe('th');
    expect(getLocale(request('http://shop.test/?lang=fr', 'lang=en'))).toBe('en');
    expect(getLocale(request('http://shop.test/', 'lang=fr'))).toBe('th');
  });
});

describe('getLocaleSwitchRedirect', () => {
  it('does nothing without ?lang=', () => {
    expect(getLocaleSwitchRedirect(request('http://shop.test/courses?keyword=a'))).toBeNull();
  });

  it('stores the locale in a cookie and redirects to the same page without the parameter', () => {
    const response = getLocaleSwitchRedirect(request('http://shop.test/?keyword=ไทย&lang=en'))!;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/?keyword=${encodeURIComponent('ไทย')}`);
    expect(response.headers.get('set-cookie')).toMatch(/^lang=en; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('drops an unknown locale without setting a cookie', () => {
    const response = getLocaleSwitchRedirect(request('http://shop.test/?lang=fr'))!;
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('getDefaultTexts', () => {
  it('picks one locale of every shared default', () => {
    const th = getDefaultTexts('th');
    const en = getDefaultTexts('en');
    expect(Object.keys(th)).toEqual(Object.keys(en));
    expect(th.site_name).toMatch(/[\u0E01-\u0E5B]/);
    expect(en.site_name).toBe('Sala');
  });
});

describe('textsVersion', () => {
  it('is the same for the same texts in any object and changes with any text', () => {
    const texts = getDefaultTexts('th');
    expect(textsVersion({ ...texts })).toBe(textsVersion(texts));
    expect(textsVersion({ ...texts, nav_courses: 'คอร์สทั้งหมด ใหม่' })).not.toBe(textsVersion(texts));
    expect(textsVersion(getDefaultTexts('en'))).not.toBe(textsVersion(texts));
  });
});
