import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

let cms: TestStrapi;

beforeAll(async () => {
  cms = await startStrapi();
});

afterAll(async () => {
  await cms?.stop();
});

describe('health', () => {
  it('answers 204 on /_health so load balancers and the quick start can wait for it', async () => {
    const res = await fetch(`${cms.url}/_health`);
    expect(res.status).toBe(204);
  });
});
