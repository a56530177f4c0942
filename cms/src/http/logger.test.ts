/**
 * The CMS's log lines (config/logger.ts, ADR 200): one JSON object a line with LOG_FORMAT=json,
 * carrying the id of the request being served; a readable line otherwise.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@strapi/logger';

async function linesOf(format: 'json' | 'pretty', write: (log: ReturnType<typeof createLogger>, withRequestId: <T>(id: string, work: () => T) => T) => void): Promise<string[]> {
  vi.stubEnv('LOG_FORMAT', format);
  vi.stubEnv('LOG_LEVEL', 'http');
  vi.resetModules();
  const config = (await import('../../config/logger')).default;
  const { withRequestId } = await import('./request-context');
  const lines: string[] = [];
  // winston's Console transport writes to console._stdout (console.log where there is none)
  const holder = console as unknown as { _stdout?: unknown };
  const stdout = holder._stdout;
  holder._stdout = { write: (chunk: string) => lines.push(String(chunk).trim()) };
  const spy = vi.spyOn(console, 'log').mockImplementation((chunk: string) => void lines.push(String(chunk).trim()));
  try {
    write(createLogger(config as never), withRequestId);
  } finally {
    holder._stdout = stdout;
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the CMS log', () => {
  it('writes JSON lines with the request id while a request is served, and none outside one', async () => {
    const lines = await linesOf('json', (log, withRequestId) => {
      withRequestId('storefront-req-0001', () => log.http('GET /private/orders 401 (2.0 ms)', { method: 'GET', status: 401 }));
      log.warn('[redis] unreachable');
    });
    const [inside, outside] = lines.map((line) => JSON.parse(line));
    expect(inside).toMatchObject({ level: 'http', message: 'GET /private/orders 401 (2.0 ms)', requestId: 'storefront-req-0001', method: 'GET', status: 401 });
    expect(inside.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(outside).toMatchObject({ level: 'warn', message: '[redis] unreachable' });
    expect(outside.requestId).toBeUndefined();
  });

  it('writes readable lines ending with the request id otherwise', async () => {
    const lines = await linesOf('pretty', (log, withRequestId) => withRequestId('storefront-req-0002', () => log.info('placed')));
    expect(lines[0]).toContain('placed [storefront-req-0002]');
    expect(() => JSON.parse(lines[0])).toThrow();
  });
});
