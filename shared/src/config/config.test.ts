import { describe, expect, it } from 'vitest';
import { CMS_SECRETS, KNOWN_EXAMPLE_SECRETS, MIN_SECRET_LENGTH, STOREFRONT_SECRETS, describeUnsafeSecrets, secretProblem, unsafeSecrets } from './index';

const strong = 'k3Vq8sYx0bLr2Tn9Wm4Zp7Hd1Fg6Jc5Ae0Ro2Us8';

describe('secretProblem', () => {
  it('accepts a long random value', () => {
    expect(secretProblem(strong)).toBeNull();
    expect(secretProblem('a'.repeat(31) + 'b')).toBeNull();
  });

  it.each(KNOWN_EXAMPLE_SECRETS)('refuses the published example %s', (value) => {
    expect(secretProblem(value)).not.toBeNull();
    expect(secretProblem(value.toUpperCase())).not.toBeNull();
  });

  it('refuses unset, blank, short, repeated and placeholder values', () => {
    expect(secretProblem(undefined)).toBe('is not set');
    expect(secretProblem('   ')).toBe('is not set');
    expect(secretProblem(strong.slice(0, MIN_SECRET_LENGTH - 1))).toMatch(/shorter than 32/);
    expect(secretProblem('x'.repeat(64))).toBe('is one character repeated');
    expect(secretProblem('change-me-generate-with-openssl-rand-base64-48')).toBe('is a placeholder to be replaced');
    expect(secretProblem(`${strong}-CHANGEME`)).toBe('is a placeholder to be replaced');
  });

  it('accepts the throwaway values of the security suite', () => {
    expect(secretProblem('security-suite-session-secret-0123456789')).toBeNull();
    expect(secretProblem('security-suite-page-cache-secret-0123456789')).toBeNull();
  });
});

describe('unsafeSecrets', () => {
  const cmsEnv = {
    APP_KEYS: `${strong}1,${strong}2`,
    API_TOKEN_SALT: `${strong}3`,
    ADMIN_JWT_SECRET: `${strong}4`,
    TRANSFER_TOKEN_SALT: `${strong}5`,
    JWT_SECRET: `${strong}6`,
    ENCRYPTION_KEY: `${strong}7`,
    CLIENT_ADDRESS_SECRET: `${strong}8`,
    PREVIEW_SECRET: `${strong}p`,
  };

  it('finds nothing when every secret is strong and the optional ones are unset', () => {
    expect(unsafeSecrets(cmsEnv, CMS_SECRETS)).toEqual([]);
    expect(unsafeSecrets({ SESSION_SECRET: strong, CLIENT_ADDRESS_SECRET: `${strong}9`, PREVIEW_SECRET: `${strong}p` }, STOREFRONT_SECRETS)).toEqual([]);
  });

  it('names every unsafe variable, in order', () => {
    const issues = unsafeSecrets({ ...cmsEnv, JWT_SECRET: 'change-me', ENCRYPTION_KEY: undefined, PAGE_CACHE_SECRET: 'short' }, CMS_SECRETS);
    expect(issues).toEqual([
      { name: 'JWT_SECRET', problem: 'is a published example value' },
      { name: 'ENCRYPTION_KEY', problem: 'is not set' },
      { name: 'PAGE_CACHE_SECRET', problem: 'is shorter than 32 characters' },
    ]);
  });

  it('checks each key of a list', () => {
    expect(unsafeSecrets({ ...cmsEnv, APP_KEYS: `${strong},change-me-2` }, CMS_SECRETS)).toEqual([{ name: 'APP_KEYS', problem: 'key 2 is a published example value' }]);
    expect(unsafeSecrets({ ...cmsEnv, APP_KEYS: `${strong},` }, CMS_SECRETS)).toEqual([{ name: 'APP_KEYS', problem: 'key 2 is not set' }]);
  });

  it('requires the session secret of the storefront', () => {
    expect(unsafeSecrets({ CLIENT_ADDRESS_SECRET: strong, PREVIEW_SECRET: `${strong}p` }, STOREFRONT_SECRETS)).toEqual([{ name: 'SESSION_SECRET', problem: 'is not set' }]);
  });

  it('requires the secret that signs visitor addresses on both sides', () => {
    const { CLIENT_ADDRESS_SECRET: _unset, ...withoutAddressSecret } = cmsEnv;
    expect(unsafeSecrets(withoutAddressSecret, CMS_SECRETS)).toEqual([{ name: 'CLIENT_ADDRESS_SECRET', problem: 'is not set' }]);
    expect(unsafeSecrets({ SESSION_SECRET: strong, CLIENT_ADDRESS_SECRET: 'change-me', PREVIEW_SECRET: `${strong}p` }, STOREFRONT_SECRETS)).toEqual([
      { name: 'CLIENT_ADDRESS_SECRET', problem: 'is a published example value' },
    ]);
  });

  it('requires the secret that signs preview links on both sides', () => {
    const { PREVIEW_SECRET: _unset, ...withoutPreviewSecret } = cmsEnv;
    expect(unsafeSecrets(withoutPreviewSecret, CMS_SECRETS)).toEqual([{ name: 'PREVIEW_SECRET', problem: 'is not set' }]);
    expect(unsafeSecrets({ SESSION_SECRET: strong, CLIENT_ADDRESS_SECRET: `${strong}9`, PREVIEW_SECRET: 'short' }, STOREFRONT_SECRETS)).toEqual([
      { name: 'PREVIEW_SECRET', problem: 'is shorter than 32 characters' },
    ]);
  });

  it('describes the problems with the variable names and how to make a value', () => {
    const text = describeUnsafeSecrets('The CMS', [{ name: 'JWT_SECRET', problem: 'is not set' }]);
    expect(text).toContain('JWT_SECRET is not set');
    expect(text).toContain('openssl rand -base64 48');
  });
});
