import { describe, expect, it } from 'vitest';
import { assertChromiumForDocuments, assertSafeProductionSecrets, assertSafeSocialSignIn, isSandboxBaseUrl, sandboxDemoKeyValues, sandboxPaymentProblems, shouldSeedDemo } from './production';
import { loadSandboxDemoKeys } from './seed/sandbox-keys';

describe('production configuration', () => {
  it('seeds the demo in production only when SEED_DEMO=true, elsewhere unless SEED_DEMO=false', () => {
    expect(shouldSeedDemo({ NODE_ENV: 'production' })).toBe(false);
    expect(shouldSeedDemo({ NODE_ENV: 'production', SEED_DEMO: '1' })).toBe(false);
    expect(shouldSeedDemo({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toBe(true);
    expect(shouldSeedDemo({})).toBe(true);
    expect(shouldSeedDemo({ NODE_ENV: 'development', SEED_DEMO: 'false' })).toBe(false);
  });

  it('names the unsafe secrets in production only', () => {
    expect(() => assertSafeProductionSecrets({ NODE_ENV: 'production', JWT_SECRET: 'change-me' })).toThrow(/JWT_SECRET is a published example value/);
    expect(() => assertSafeProductionSecrets({ NODE_ENV: 'test', JWT_SECRET: 'change-me' })).not.toThrow();
  });

  it('tells a sandbox base_url from a provider host', () => {
    expect(isSandboxBaseUrl('http://127.0.0.1:4102')).toBe(true);
    expect(isSandboxBaseUrl('https://sandbox.example.test/')).toBe(true);
    expect(isSandboxBaseUrl('{"api":"http://localhost:4102"}')).toBe(true);
    expect(isSandboxBaseUrl('{"secure":"https://s.2c2p.com/SecurePayment"}')).toBe(false);
    expect(isSandboxBaseUrl(null)).toBe(false);
  });

  it('finds every enabled method still holding a demo key of payment-sandbox', () => {
    const keys = sandboxDemoKeyValues();
    const omise = loadSandboxDemoKeys().DEMO_METHOD_CONFIG[8];
    const row = { id: 1, method_id: 8, name: 'Omise', application_id_1: 'pkey_live_x', application_id_2: omise.applicationId2, webhook_secret: null, api_key: null, base_url: null };
    expect(sandboxPaymentProblems([row], keys)).toEqual(['  payment method 8 (Omise) holds the sandbox demo key in application_id_2']);
    expect(sandboxPaymentProblems([{ ...row, application_id_2: 'skey_live_own_key_of_the_shop' }], keys)).toEqual([]);
  });

  it('refuses social sign-in through the identity stand-in or with its demo keys in production, unless a demonstration', () => {
    const demo = loadSandboxDemoKeys().IDENTITY_DEMO_KEYS;
    const production = { NODE_ENV: 'production' };
    expect(() => assertSafeSocialSignIn({ ...production, SOCIAL_SIGN_IN_STAND_IN: 'http://127.0.0.1:4107' })).toThrow(/SOCIAL_SIGN_IN_STAND_IN is set/);
    expect(() => assertSafeSocialSignIn({ ...production, SOCIAL_GOOGLE_CLIENT_ID: demo.google.clientId, SOCIAL_GOOGLE_CLIENT_SECRET: 'a-real-looking-secret' })).toThrow(
      /SOCIAL_GOOGLE_CLIENT_ID hold the identity stand-in's demo key/,
    );
    expect(() => assertSafeSocialSignIn({ ...production, SOCIAL_LINE_CLIENT_ID: '1650000000', SOCIAL_LINE_CLIENT_SECRET: demo.line.clientSecret })).toThrow(/SOCIAL_LINE_CLIENT_SECRET/);
    expect(() => assertSafeSocialSignIn({ ...production, SOCIAL_FACEBOOK_CLIENT_ID: '1', SOCIAL_FACEBOOK_CLIENT_SECRET: 's', SOCIAL_FACEBOOK_BASE_URL: 'http://localhost:4107/facebook' })).toThrow(
      /SOCIAL_FACEBOOK_BASE_URL .* is not an https address of a public host/,
    );
    expect(() => assertSafeSocialSignIn({ ...production, SOCIAL_GOOGLE_CLIENT_ID: 'own-id.apps.googleusercontent.com', SOCIAL_GOOGLE_CLIENT_SECRET: 'GOCSPX-own-secret' })).not.toThrow();
    expect(() => assertSafeSocialSignIn({ ...production, DEMO_DEPLOYMENT: 'true', SOCIAL_SIGN_IN_STAND_IN: 'http://127.0.0.1:4107' })).not.toThrow();
    expect(() => assertSafeSocialSignIn({ NODE_ENV: 'development', SOCIAL_SIGN_IN_STAND_IN: 'http://127.0.0.1:4107' })).not.toThrow();
  });

  it('refuses tax documents without a Chromium in production only, and only when documents are on', () => {
    const none = () => null;
    const found = () => '/usr/bin/chromium';
    expect(() => assertChromiumForDocuments({ NODE_ENV: 'production', TAX_DOCUMENTS: 'true' }, none)).toThrow(/no Chromium/);
    expect(() => assertChromiumForDocuments({ NODE_ENV: 'production', TAX_DOCUMENTS: 'true' }, found)).not.toThrow();
    expect(() => assertChromiumForDocuments({ NODE_ENV: 'production' }, none)).not.toThrow();
    expect(() => assertChromiumForDocuments({ NODE_ENV: 'development', TAX_DOCUMENTS: 'true' }, none)).not.toThrow();
    expect(() => assertChromiumForDocuments({ NODE_ENV: 'production', TAX_DOCUMENTS: 'true', CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(/CHROMIUM_PATH/);
  });
});
