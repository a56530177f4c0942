import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

let cms: TestStrapi;

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
});

afterAll(async () => {
  await cms?.stop();
});

describe('the error envelope of the custom routes', () => {
  it('answers an unknown public path with 404, code NOT_FOUND and a Thai message', async () => {
    const res = await fetch(`${cms.url}/public/no-such-call`);
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.msg).toMatch(/[\u0E00-\u0E7F]/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('refuses a body over the size limit with 413 instead of failing', async () => {
    const res = await fetch(`${cms.url}/public/students/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'y' }),
    });
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: { code: 'FILE_TOO_LARGE' } });
  });

  it('refuses malformed JSON with 400 INPUT_ERROR', async () => {
    const res = await fetch(`${cms.url}/public/students/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INPUT_ERROR');
  });

  it('answers English when the caller asks for it', async () => {
    const res = await fetch(`${cms.url}/public/no-such-call?lang=en`);
    const body = await res.json();
    expect(body.error.msg).not.toMatch(/[\u0E00-\u0E7F]/);
  });
});
