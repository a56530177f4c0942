import { describe, expect, it } from 'vitest';
import { metricsAccess, wellFormedRequestId } from './index';

describe('request ids', () => {
  it('keeps a UUID or a trace id and refuses what would forge or flood a log line', () => {
    expect(wellFormedRequestId('3f2a9c1e-8b7d-4e2f-9a6b-1c2d3e4f5a6b')).toBe('3f2a9c1e-8b7d-4e2f-9a6b-1c2d3e4f5a6b');
    expect(wellFormedRequestId('Root=1-67891233')).toBeNull();
    expect(wellFormedRequestId('lb-trace.42:abc_DEF')).toBe('lb-trace.42:abc_DEF');
    expect(wellFormedRequestId('x'.repeat(65))).toBeNull();
    expect(wellFormedRequestId('short')).toBeNull();
    expect(wellFormedRequestId('abcdefgh\nlevel=error')).toBeNull();
    expect(wellFormedRequestId('has spaces in it')).toBeNull();
    expect(wellFormedRequestId(undefined)).toBeNull();
    expect(wellFormedRequestId(['abcdefgh1', 'abcdefgh2'])).toBeNull();
  });
});

describe('metrics access', () => {
  it('asks the bearer token when one is set, from any address', () => {
    const env = { METRICS_TOKEN: 'a-long-metrics-token', NODE_ENV: 'production' };
    expect(metricsAccess('Bearer a-long-metrics-token', '203.0.113.9', env)).toBe('allowed');
    expect(metricsAccess('Bearer a-long-metrics-tokeN', '127.0.0.1', env)).toBe('refused');
    expect(metricsAccess(undefined, '127.0.0.1', env)).toBe('refused');
  });
  it('without a token: loopback only outside production, off in production', () => {
    expect(metricsAccess(undefined, '127.0.0.1', {})).toBe('allowed');
    expect(metricsAccess(undefined, '::ffff:127.0.0.1', {})).toBe('allowed');
    expect(metricsAccess(undefined, '192.0.2.4', {})).toBe('refused');
    expect(metricsAccess(undefined, '127.0.0.1', { NODE_ENV: 'production' })).toBe('off');
  });
});
