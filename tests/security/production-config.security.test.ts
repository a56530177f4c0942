/**
 * Production (NODE_ENV=production) refuses unsafe configuration: a known example, short or
 * one-character secret stops the CMS and the storefront with a message naming the variable;
 * the demo seed (public admin and shop accounts) runs only when SEED_DEMO=true; an enabled
 * payment method still holding the sandbox demo keys stops the CMS unless DEMO_DEPLOYMENT=true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, sendJson } from './support/http';
import { productionDatabase, startProductionCms, strongCmsSecrets, type ProductionCms, type ProductionDatabase } from './support/production-config';
import { STOREFRONT_TEST_SECRETS, startStorefront } from './support/storefront';

type Started = Extract<ProductionCms, { started: true }>;

const strong = strongCmsSecrets();
const anotherStrongKey = 'Q2hhbmdlZC1rZXktZm9yLXRoZS1zZWN1cml0eS1zdWl0ZS0wMQ';

async function expectRefused(run: Promise<ProductionCms>, name: string) {
  const cms = await run;
  if (cms.started) {
    await cms.stop();
    throw new Error(`the production CMS started with an unsafe ${name}`);
  }
  expect(cms.code).not.toBe(0);
  expect(cms.output()).toContain(name);
}

async function hasAdmin(url: string): Promise<boolean> {
  const init = await send('GET', `${url}/admin/init`);
  expect(init.status).toBe(200);
  return (init.body as { data: { hasAdmin: boolean } }).data.hasAdmin;
}

describe('production CMS secrets', () => {
  let database: ProductionDatabase;
  beforeAll(async () => {
    database = await productionDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each([
    ['JWT_SECRET', 'change-me'],
    ['ADMIN_JWT_SECRET', 'change-me'],
    ['APP_KEYS', `${anotherStrongKey},change-me-2`],
    ['API_TOKEN_SALT', 'tobemodified'],
    ['TRANSFER_TOKEN_SALT', 'change-me-generate-with-openssl-rand-base64-48'],
    ['ENCRYPTION_KEY', 'test-encryption-key-0123456789abcdef'.slice(0, 20)],
    ['JWT_SECRET', 'x'.repeat(48)],
    ['PAGE_CACHE_SECRET', 'bench-page-cache-secret'],
    ['CLIENT_ADDRESS_SECRET', 'change-me'],
    ['PREVIEW_SECRET', ''],
  ])(
    'refuses to start with %s=%s',
    async (name, value) => {
      await expectRefused(startProductionCms(database, { ...strong, SEED_DEMO: 'false', [name]: value }), name);
    },
    300_000,
  );

  it('refuses to start with JWT_SECRET unset', async () => {
    const { JWT_SECRET: _unset, ...rest } = strong;
    await expectRefused(startProductionCms(database, { ...rest, SEED_DEMO: 'false' }), 'JWT_SECRET');
  }, 300_000);
});

describe('production CMS with strong secrets, and the storefront beside it', () => {
  let database: ProductionDatabase;
  let cms: Started;
  beforeAll(async () => {
    database = await productionDatabase();
    const started = await startProductionCms(database, strong);
    if (!started.started) throw new Error(`the production CMS exited with ${started.code}:\n${started.output()}`);
    cms = started;
  }, 300_000);
  afterAll(async () => {
    await cms?.stop();
    await database?.drop();
  }, 60_000);

  it('starts, and a fresh database gets no demo accounts without SEED_DEMO=true', async () => {
    expect((await send('GET', `${cms.url}/_health`)).status).toBeLessThan(300);
    expect(await hasAdmin(cms.url)).toBe(false);
    const login = await sendJson('POST', `${cms.url}/public/students/login`, { username: 'demo.admin', password: 'demo1234' });
    expect(login.status).not.toBe(200);
    expect(login.body?.jwt).toBeUndefined();
  });

  it.each([
    ['SESSION_SECRET', 'change-me'],
    ['SESSION_SECRET', ''],
    ['SESSION_SECRET', 'sala-dev-session-secret-change-me'],
    ['SESSION_SECRET', 'e2e-session-secret-0123456789'],
    ['PAGE_CACHE_SECRET', 'change-me'],
    ['PAGE_CACHE_SECRET', 'bench-page-cache-secret'],
    ['CLIENT_ADDRESS_SECRET', ''],
    ['PREVIEW_SECRET', 'change-me'],
  ])(
    'the storefront refuses to start with %s=%s',
    async (name, value) => {
      const refusal = await startStorefront(cms.url, { [name]: value }).then(
        async (storefront) => {
          await storefront.stop();
          return null;
        },
        (error: Error) => error.message,
      );
      expect(refusal, `the storefront started with an unsafe ${name}`).not.toBeNull();
      expect(refusal).toMatch(/exited with [1-9]/);
      expect(refusal).toContain(name);
    },
    180_000,
  );

  it('the storefront starts with strong secrets', async () => {
    const storefront = await startStorefront(cms.url, STOREFRONT_TEST_SECRETS);
    try {
      expect((await send('GET', `${storefront.url}/healthcheck`)).status).toBeLessThan(500);
    } finally {
      await storefront.stop();
    }
  }, 180_000);
});

describe('sandbox demo payment keys in production', () => {
  let database: ProductionDatabase;
  beforeAll(async () => {
    database = await productionDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a demo deployment seeds and starts; without DEMO_DEPLOYMENT=true the same database is refused', async () => {
    const demo = await startProductionCms(database, { ...strong, SEED_DEMO: 'true', DEMO_DEPLOYMENT: 'true' });
    if (!demo.started) throw new Error(`the demo deployment exited with ${demo.code}:\n${demo.output()}`);
    try {
      expect(await hasAdmin(demo.url)).toBe(true);
    } finally {
      await demo.stop();
    }

    const refused = await startProductionCms(database, strong);
    if (refused.started) {
      await refused.stop();
      throw new Error('the production CMS started with enabled payment methods holding the sandbox demo keys');
    }
    expect(refused.code).not.toBe(0);
    expect(refused.output()).toContain('DEMO_DEPLOYMENT');
    expect(refused.output()).toMatch(/sandbox/i);
  }, 600_000);
});
