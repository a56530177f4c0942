/**
 * Two CMS instances on one database and one Redis: this process boots the first,
 * a child process runs the second, and every event must reach the sockets of both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getRealtimeChannel, publishToUser, type OrderStatusEvent } from '../src/realtime';
import { closeSockets, connectSocket, createStudent, nextEvent, record, sampleData, signIn, sleep, type TestStudent } from './helpers/realtime';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { freePort } from './helpers/ports';

const GRACE_MS = 400;

/** TEST_REDIS_URL, or a Redis answering PING on 127.0.0.1:6379. */
async function findRedis(): Promise<string | undefined> {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    const finish = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
  return answers ? 'redis://127.0.0.1:6379' : undefined;
}

const REDIS_URL = await findRedis();

function isHealthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = https.get(`${url}/_health`, { rejectUnauthorized: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

/**
 * What cms/scripts/serve.mjs --no-compile does, but on this run's compiled CMS
 * (SALA_TEST_DIST, set by the global setup) rather than on cms/dist. Strapi itself
 * destroys the app and exits on SIGTERM.
 */
const LAUNCH_SECOND_INSTANCE = `
  const path = require('node:path');
  const { createStrapi } = require('@strapi/strapi');
  const appDir = process.cwd();
  const distDir = process.env.SALA_TEST_DIST || path.join(appDir, 'dist');
  createStrapi({ appDir, distDir, autoReload: false, serveAdminPanel: false }).start();
`;

type SecondInstance = { child: ChildProcess; url: string; output: () => string };

async function startSecondInstance(env: Record<string, string>): Promise<SecondInstance> {
  const [port, realtimePort] = [await freePort(), await freePort()];
  let output = '';
  const child = spawn(process.execPath, ['-e', LAUNCH_SECOND_INSTANCE], {
    cwd: CMS_DIR,
    env: { ...process.env, ...env, PORT: String(port), REALTIME_PORT: String(realtimePort), SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `https://127.0.0.1:${realtimePort}`;
  const deadline = Date.now() + 90_000;
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null) throw new Error(`the second CMS exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the second CMS did not open its real-time channel within 90 s:\n${output}`);
    }
    await sleep(250);
  }
  return { child, url, output: () => output };
}

async function stopSecondInstance(instance: SecondInstance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

describe.runIf(REDIS_URL)('real-time fan-out across two CMS instances through Redis (runs when TEST_REDIS_URL is set or Redis answers on 127.0.0.1:6379)', () => {
  let first: TestStrapi;
  let second: SecondInstance | undefined;
  let certDir: string;
  let studentA: TestStudent;
  let studentB: TestStudent;

  beforeAll(async () => {
    // A certificate from the environment: PEM text for this instance, file paths for the second.
    certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-realtime-'));
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });
    fs.writeFileSync(path.join(certDir, 'cert.pem'), pems.cert);
    fs.writeFileSync(path.join(certDir, 'key.pem'), pems.private);

    // Channels of their own, so that parallel runs on one Redis never hear each other.
    const redisKey = `sala-test-${process.pid}-${randomBytes(4).toString('hex')}`;
    first = await startStrapi({
      seed: false,
      env: { REDIS_URL: REDIS_URL!, REALTIME_REDIS_KEY: redisKey, REALTIME_TLS_CERT: pems.cert, REALTIME_TLS_KEY: pems.private },
    });
    expect(getRealtimeChannel(first.strapi)?.redis).toBe(true);
    studentA = await createStudent(first.strapi);
    studentB = await createStudent(first.strapi);

    // The same database: the same SQLite file, or the same PostgreSQL database (DATABASE_URL as startStrapi set it).
    second = await startSecondInstance({
      REDIS_URL: REDIS_URL!,
      REALTIME_REDIS_KEY: redisKey,
      REALTIME_TLS_CERT: path.join(certDir, 'cert.pem'),
      REALTIME_TLS_KEY: path.join(certDir, 'key.pem'),
    });
  }, 240_000);

  afterEach(() => {
    closeSockets();
  });

  afterAll(async () => {
    // The second instance first: a PostgreSQL database cannot be dropped while it is connected.
    await stopSecondInstance(second);
    await first?.stop();
    if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers an order event published on instance 1 to student A signed in on instance 2, and never to B', async () => {
    const onSecond = await connectSocket(second!.url);
    const onFirst = await connectSocket(getRealtimeChannel(first.strapi)!.url);
    // Instance 2 checks the token against the shared database and the shared JWT secret.
    expect((await signIn(onSecond, { userId: studentA.id, token: studentA.token })).event).toBe('signin:ok');
    expect((await signIn(onFirst, { userId: studentB.id, token: studentB.token })).event).toBe('signin:ok');
    const atB = record(onFirst, 'order:status');

    const approval: OrderStatusEvent = { orderId: 90, order_token: 'tok_90', status: 'approved' };
    const arrived = nextEvent<OrderStatusEvent>(onSecond, 'order:status', 1000);
    publishToUser(first.strapi, studentA.id, 'order:status', approval);
    expect(await arrived).toEqual(approval);

    await sleep(GRACE_MS);
    expect(atB).toEqual([]);
  });

  it('refuses on instance 2 a token of B sent with the userId of A', async () => {
    const socket = await connectSocket(second!.url);
    const reply = await signIn(socket, { userId: studentA.id, token: studentB.token });
    expect(reply).toEqual({ event: 'signin:error', payload: { code: 'PERMISSION_DENIED', reason: 'user_mismatch' } });
  });

  it('sends content:updated for a text change made on instance 1 to an anonymous socket on instance 2', async () => {
    const contentType = first.strapi.contentTypes['api::text.text'];
    if (!contentType) throw new Error('api::text.text is not in the content model');
    const socket = await connectSocket(second!.url);
    // the write itself goes through Strapi's Document Service first: on a loaded host that alone can take a second
    const arrived = nextEvent<{ kind: string }>(socket, 'content:updated', 5000);
    await first.strapi.documents('api::text.text').create({ data: sampleData(contentType) });
    expect(await arrived).toMatchObject({ kind: 'text' });
  });

  it('instance 2 closes its channel and its Redis clients and exits cleanly on SIGTERM', async () => {
    const instance = second!;
    const exited = new Promise<number | null>((resolve) => instance.child.once('exit', (code) => resolve(code)));
    instance.child.kill('SIGTERM');
    expect(await exited, instance.output()).toBe(0);
    await expect(connectSocket(instance.url)).rejects.toThrow();
  });
});
