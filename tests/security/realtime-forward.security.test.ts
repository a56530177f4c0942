/**
 * Browsers open the real-time channel through the storefront's origin (/socket.io, ADR 202).
 * The forward trusts nothing of the request beyond its path: the target is fixed at start, the
 * channel's certificate is checked (a wrong one answers 502, never an unchecked connection), the
 * browser's Origin reaches the channel unchanged so its own origin check still decides, and no
 * other path is upgraded.
 */
import net from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRealtimeChannel } from '../../cms/src/realtime';
import { CMS_DIR } from '../../cms/tests/helpers/strapi';
import { sharedCms } from './support/cms';
import { startStorefront, type TestStorefront } from './support/storefront';

const cms = sharedCms();
let storefront: TestStorefront;
let wrongCa: TestStorefront;
let allowedOrigin: string;

beforeAll(async () => {
  const channel = getRealtimeChannel(cms().strapi);
  if (!channel) throw new Error('the test CMS runs no real-time channel');
  allowedOrigin = channel.config.origins[0]!;
  const target = { REALTIME_INTERNAL_URL: `https://127.0.0.1:${channel.port}` };
  const other = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' });
  [storefront, wrongCa] = await Promise.all([
    startStorefront(cms().url, { ...target, REALTIME_INTERNAL_CA: path.join(CMS_DIR, '.certs', 'realtime', 'cert.pem') }),
    startStorefront(cms().url, { ...target, REALTIME_INTERNAL_CA: other.cert }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([storefront?.stop(), wrongCa?.stop()]);
}, 30_000);

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

/** A browser-like socket on the storefront's origin: WebSocket only, the page's Origin header. */
function connect(url: string, origin: string, transport: 'websocket' | 'polling' = 'websocket'): Promise<Socket> {
  const socket = io(url, { transports: [transport], reconnection: false, forceNew: true, timeout: 5000, extraHeaders: { origin } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('the real-time channel through the storefront origin', () => {
  it('carries a socket over WebSocket and over polling to the channel and back (a sign-in answer)', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      const socket = await connect(storefront.url, allowedOrigin, transport);
      const answer = new Promise<{ code: string; reason: string }>((resolve) => socket.once('signin:error', resolve));
      socket.emit('signin', { userId: 1, token: 'not-a-token' });
      await expect(answer).resolves.toMatchObject({ code: 'PERMISSION_DENIED' });
      socket.close();
    }
  });

  it("leaves the channel's origin check in force: a page of another site is refused", async () => {
    await expect(connect(storefront.url, 'https://evil.example')).rejects.toThrow();
  });

  it("checks the channel's certificate: another one answers 502 and no socket opens", async () => {
    const answer = await fetch(`${wrongCa.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: allowedOrigin } });
    expect(answer.status).toBe(502);
    await expect(connect(wrongCa.url, allowedOrigin)).rejects.toThrow();
  });

  it('upgrades nothing but /socket.io/', async () => {
    const { port } = new URL(storefront.url);
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /courses HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(reply).not.toMatch(/^HTTP\/1\.1 101/);
  });
});
