import { describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET, parseEnv } from './env.server';

describe('parseEnv', () => {
  it('defaults to a CMS on 127.0.0.1:1337 serving its own uploads, and port 3000', () => {
    const env = parseEnv({});
    expect(env.CMS_URL).toBe('http://127.0.0.1:1337');
    expect(env.CMS_PUBLIC_URL).toBe('http://127.0.0.1:1337');
    expect(env.PORT).toBe(3000);
  });

  it('keeps a separate browser-facing upload base and drops trailing slashes', () => {
    const env = parseEnv({ CMS_URL: 'http://cms:1337/', CMS_PUBLIC_URL: 'https://cdn.example.test/', PORT: '3047' });
    expect(env.CMS_URL).toBe('http://cms:1337');
    expect(env.CMS_PUBLIC_URL).toBe('https://cdn.example.test');
    expect(env.PORT).toBe(3047);
  });

  it('treats a blank variable as unset', () => {
    expect(parseEnv({ CMS_PUBLIC_URL: '', CMS_URL: 'http://10.0.0.5:1337' }).CMS_PUBLIC_URL).toBe('http://10.0.0.5:1337');
  });

  it('takes an https or wss real-time address for browsers, without a trailing slash', () => {
    expect(parseEnv({}).REALTIME_PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ REALTIME_PUBLIC_URL: 'https://rt.example.test:8443/' }).REALTIME_PUBLIC_URL).toBe('https://rt.example.test:8443');
    expect(parseEnv({ REALTIME_PUBLIC_URL: 'wss://rt.example.test' }).REALTIME_PUBLIC_URL).toBe('wss://rt.example.test');
    expect(() => parseEnv({ REALTIME_PUBLIC_URL: 'http://rt.example.test' })).toThrow(/REALTIME_PUBLIC_URL/);
  });

  it('fails fast, naming every bad variable', () => {
    expect(() => parseEnv({ CMS_URL: 'not a url', PORT: 'eighty' })).toThrow(/CMS_URL[\s\S]*PORT|PORT[\s\S]*CMS_URL/);
    expect(() => parseEnv({ CMS_URL: 'ftp://cms' })).toThrow(/CMS_URL/);
  });

  it('refuses, in production, an unset, short or example session secret and an unsafe page cache secret', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'k3Vq8sYx0bLr2Tn9Wm4Zp7Hd1Fg6Jc5Ae0Ro2Us8' })).toThrow(/CLIENT_ADDRESS_SECRET is not set[\s\S]*PUBLIC_URL/);
    const strong = 'k3Vq8sYx0bLr2Tn9Wm4Zp7Hd1Fg6Jc5Ae0Ro2Us8';
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is not set/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'sala-dev-session-secret-change-me' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short-but-16-chars' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: strong, PAGE_CACHE_SECRET: 'change-me' })).toThrow(/PAGE_CACHE_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: strong, CLIENT_ADDRESS_SECRET: `${strong}-address`, PUBLIC_URL: 'https://shop.example.test' })).toThrow(
      /PREVIEW_SECRET is not set/,
    );
    expect(
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: strong, CLIENT_ADDRESS_SECRET: `${strong}-address`, PREVIEW_SECRET: `${strong}-preview`, PUBLIC_URL: 'https://shop.example.test' })
        .SESSION_SECRET,
    ).toBe(strong);
    expect(parseEnv({ NODE_ENV: 'development' }).SESSION_SECRET).toBe(DEV_SESSION_SECRET);
  });
});

describe('PUBLIC_URL', () => {
  it('is the origin of the configured address, and http://localhost:{PORT} outside production', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://shop.example.test/some/path' }).PUBLIC_URL).toBe('https://shop.example.test');
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '3047' }).PUBLIC_URL).toBe('http://localhost:3047');
  });

  it('is required in production and must be http(s)', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    const secrets = {
      SESSION_SECRET: 'k3Vq8sYx0bLr2Tn9Wm4Zp7Hd1Fg6Jc5Ae0Ro2Us8',
      CLIENT_ADDRESS_SECRET: 'Qm7Zr2Lx9Vb4Nc8Kt1Hs6Pd3Wf0Jy5Ge2Ua7Ro4',
      PREVIEW_SECRET: 'Pv4Xn8Lm2Qr6Tz0Wb3Ks7Hd1Jf5Gc9Ay2Ue6Ro0',
    };
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.test', ...secrets }).PUBLIC_URL).toBe('https://shop.example.test');
    expect(() => parseEnv({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('takes a list of payment provider origins for the pages’ CSP', () => {
    expect(parseEnv({}).PAYMENT_PROVIDER_ORIGINS).toEqual([]);
    expect(parseEnv({ PAYMENT_PROVIDER_ORIGINS: 'http://127.0.0.1:4901/x, http://127.0.0.1:4902' }).PAYMENT_PROVIDER_ORIGINS).toEqual(['http://127.0.0.1:4901', 'http://127.0.0.1:4902']);
    expect(() => parseEnv({ PAYMENT_PROVIDER_ORIGINS: 'ftp://x' })).toThrow(/PAYMENT_PROVIDER_ORIGINS/);
  });
});
