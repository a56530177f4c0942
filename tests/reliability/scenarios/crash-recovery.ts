/**
 * The CMS killed with SIGKILL while fifty orders are in flight, five times. The CMS under
 * attack runs in a child process on this file's database (the same SQLite file, or the
 * same PostgreSQL database); the file's shared CMS in this process creates the records
 * and reads the result. After each kill and restart: no order without its line,
 * no line without its order, every course's seats_taken equal to the live orders holding
 * one of its seats, every coupon's used_count equal to the live orders that used it, and
 * the restarted CMS takes the next order correctly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, type TestStrapi } from '../../../cms/tests/helpers/strapi';
import type { CmsHandle } from '../support/cms';
import { sleep } from '../support/http';
import { checkoutInvariants, createBuyers, createCoupon, createOffer, placeOrder, type Buyer } from '../support/shop';
import { freePort } from '../../../cms/tests/helpers/ports';

const ROUNDS = 5;
const IN_FLIGHT = 50;

/** What cms/scripts/serve.mjs --no-compile does, on this run's compiled CMS (SALA_TEST_DIST, set by the global setup). */
const LAUNCH = `
  const path = require('node:path');
  const { createStrapi } = require('@strapi/strapi');
  const appDir = process.cwd();
  const distDir = process.env.SALA_TEST_DIST || path.join(appDir, 'dist');
  createStrapi({ appDir, distDir, autoReload: false, serveAdminPanel: false }).start();
`;

type Instance = { child: ChildProcess; url: string; output: () => string };

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  let output = '';
  // The database settings startStrapi put in process.env (DATABASE_FILENAME or DATABASE_URL) are inherited.
  const child = spawn(process.execPath, ['-e', LAUNCH], {
    cwd: CMS_DIR,
    env: { ...process.env, PORT: String(port), REALTIME_PORT: '0', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the CMS exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2000) })).status === 204) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the CMS did not answer within 300 s:\n${output}`);
    }
    await sleep(250);
  }
  return { child, url, output: () => output };
}

function kill(instance: Instance | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => instance.child.once('exit', () => resolve()));
  instance.child.kill(signal);
  return exited;
}

let reader: TestStrapi;
let target: Instance | undefined;
const log: string[] = [];

export function crashRecovery(shared: CmsHandle) {
  beforeAll(async () => {
    reader = shared();
    target = await startInstance();
  }, 600_000);

  afterAll(async () => {
    if (log.length) console.info(`[crash recovery on ${reader?.database.client}] ${log.join('; ')}`);
    // The child first: a PostgreSQL database cannot be dropped while it is connected.
    if (target) {
      const stopped = kill(target, 'SIGTERM');
      const timer = setTimeout(() => target?.child.kill('SIGKILL'), 15_000);
      await stopped;
      clearTimeout(timer);
    }
  }, 120_000);

  describe('kill -9 of the CMS during fifty orders in flight', () => {
    it(`leaves no half-written order, seat count or coupon count, and the restarted CMS takes orders, ${ROUNDS} times`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const offer = await createOffer(reader.strapi, 30);
        const coupon = await createCoupon(reader.strapi, [offer.courseId], 15);
        const buyers = await createBuyers(reader.strapi, IN_FLIGHT, `crash${round}`);
        const instance = target!;

        // Kill after a few answers, so that some orders are written, many are mid-way and some not yet started.
        const killAfter = 2 + Math.floor(Math.random() * 8);
        let answered = 0;
        let killed: Promise<void> | undefined;
        const answers = await Promise.all(
          buyers.map((buyer: Buyer, i: number) =>
            placeOrder(instance.url, buyer, offer, i % 2 ? [coupon] : []).then((answer) => {
              if (answer.status !== 0 && ++answered >= killAfter) killed ??= kill(instance, 'SIGKILL');
              return answer;
            }),
          ),
        );
        await (killed ?? kill(instance, 'SIGKILL'));
        const cut = answers.filter((a) => a.status === 0).length;
        const placed = answers.filter((a) => a.status === 201).length;
        const refusals = [...new Set(answers.filter((a) => a.status !== 0 && a.status !== 201).map((a) => `${a.status} ${a.body?.error?.code ?? a.text.slice(0, 80)}`))];
        expect(
          answers.filter((a) => a.status >= 500).map((a) => a.text.slice(0, 200)),
          `round ${round}: server errors before the kill`,
        ).toEqual([]);
        expect(cut, `round ${round}: orders still in flight at the kill`).toBeGreaterThan(0);

        // The state the kill left is read while the CMS restarts (the restart must not be what repairs it).
        const restarting = startInstance();
        const args = { buyerIds: buyers.map((b) => b.id), courseIds: [offer.courseId], couponIds: [coupon.id] };
        let afterKill: Awaited<ReturnType<typeof checkoutInvariants>>;
        try {
          afterKill = await checkoutInvariants(reader.strapi, args);
        } finally {
          target = await restarting;
        }
        expect(afterKill.problems, `round ${round}: after the kill`).toEqual([]);
        expect(afterKill.orders.length, `round ${round}: every order answered 201 is stored`).toBeGreaterThanOrEqual(placed);
        // Orders committed just before the kill are stored although their answer never left.
        log.push(`round ${round}: killed after ${answered} answers (${placed} placed${refusals.length ? `, ${refusals.join(', ')}` : ''}), ${cut} cut; ${afterKill.orders.length} orders stored`);

        // The restarted CMS carries on from the state the kill left.
        const [late] = await createBuyers(reader.strapi, 1, `late${round}`);
        const next = await placeOrder(target.url, late, offer, [coupon]);
        expect([201, 409], `round ${round}: ${next.text}`).toContain(next.status);
        const afterRestart = await checkoutInvariants(reader.strapi, { ...args, buyerIds: [...args.buyerIds, late.id] });
        expect(afterRestart.problems, `round ${round}: after the restart`).toEqual([]);
      }
    }, 900_000);
  });
}
