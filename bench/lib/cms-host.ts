/**
 * The CMS of the benchmarks, in a process of its own so it can be pinned to a core:
 * Strapi booted by the API tests' startStrapi (cms/tests/helpers/strapi.ts, seeding on its own boot: a
 * throwaway SQLite file, or a fresh PostgreSQL database when TEST_DATABASE_URL is set,
 * the Thai demo data seeded), served on 127.0.0.1. It counts every SQL statement knex
 * sends and answers its parent over IPC:
 *
 *   { id, cmd: 'queries' }                       → { count }   statements so far
 *   { id, cmd: 'cpu' }                           → { micros }  CPU time of this process so far (user + system)
 *   { id, cmd: 'prepareOrders', buyers, seat }    → { courseId, planId, buyers: [{ id, jwt }] }
 *   { id, cmd: 'demoStudent' }                   → { id, jwt }  the seeded demo student
 *   { id, cmd: 'siteLayout', layout }            → { previous } the site's layout switched (no purge: the caller purges)
 *   { id, cmd: 'stop' }                           → stops Strapi, drops its database, exits
 *
 * It stops by itself when the parent goes away.
 * Run: node --import tsx bench/lib/cms-host.ts   (with SALA_TEST_DIST pointing at a compiled CMS)
 */
import { randomBytes } from 'node:crypto';
import { startStrapi, type TestStrapi } from '../../cms/tests/helpers/strapi';

type Message = { id: number; cmd: string; [key: string]: unknown };

const USER = 'plugin::users-permissions.user';
const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const SITE_SETTING = 'api::site-setting.site-setting';

let cms: TestStrapi | undefined;
let statements = 0;
let prepared = 0;
let stopping: Promise<void> | undefined;

function stop(): Promise<void> {
  stopping ??= (async () => {
    try {
      await cms?.stop();
    } catch (error) {
      process.stderr.write(`[cms-host] stop: ${(error as Error).message}\n`);
    }
  })();
  return stopping;
}

async function prepareOrders(buyerCount: number, seat: number | null) {
  const strapi = cms!.strapi;
  const n = ++prepared;
  const course = await strapi.db.query(COURSE).create({
    data: { title: `คอร์สวัดความเร็ว ${n}`, slug: `bench-orders-${process.pid}-${n}`, course_type: 'In-class', is_published: true, seat, seats_taken: 0 },
  });
  const plan = await strapi.db.query(PLAN).create({
    data: { name: 'ค่าลงทะเบียน', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 150000, course: course.id },
  });
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const jwt = strapi.plugin('users-permissions').service('jwt');
  const buyers: { id: number; jwt: string }[] = [];
  // One transaction for all the buyers: thousands of single inserts would take longer than the benchmark.
  await strapi.db.transaction(async () => {
    for (let i = 0; i < buyerCount; i++) {
      const tag = `${process.pid}.${n}.${i}`;
      const user = await strapi.db.query(USER).create({
        data: { username: `bench.${tag}`, email: `bench.${tag}@sala.test`, provider: 'local', confirmed: true, blocked: false, role: role.id },
      });
      buyers.push({ id: user.id, jwt: jwt.issue({ id: user.id }) });
    }
  });
  return { courseId: course.id as number, planId: plan.id as number, buyers };
}

async function demoStudent() {
  const strapi = cms!.strapi;
  const user = await strapi.db.query(USER).findOne({ where: { username: 'demo.student' } });
  if (!user) throw new Error('the seed has no demo.student');
  return { id: user.id as number, jwt: strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) as string };
}

async function siteLayout(layout: string) {
  const strapi = cms!.strapi;
  const current = await strapi.db.query(SITE_SETTING).findOne({ select: ['id', 'layout'] });
  if (!current) throw new Error('the seed has no site setting');
  await strapi.db.query(SITE_SETTING).update({ where: { id: current.id }, data: { layout } });
  return { previous: current.layout as string };
}

async function handle(message: Message): Promise<unknown> {
  switch (message.cmd) {
    case 'queries':
      return { count: statements };
    case 'cpu': {
      const usage = process.cpuUsage();
      return { micros: usage.user + usage.system };
    }
    case 'prepareOrders':
      return prepareOrders(Number(message.buyers), message.seat === null || message.seat === undefined ? null : Number(message.seat));
    case 'demoStudent':
      return demoStudent();
    case 'siteLayout':
      return siteLayout(String(message.layout));
    case 'stop':
      await stop();
      setImmediate(() => process.exit(0));
      return { stopped: true };
    default:
      throw new Error(`unknown command ${message.cmd}`);
  }
}

/**
 * Production refuses the API tests' short throwaway secrets (ADR 156): random ones of this run
 * instead. The seeded payment methods hold the sandbox demo keys, which production allows
 * only on a demonstration server (DEMO_DEPLOYMENT=true).
 */
function productionSecrets(): Record<string, string> {
  const secret = () => randomBytes(36).toString('base64');
  return {
    APP_KEYS: `${secret()},${secret()}`,
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    // the storefront's, so sign-ins count per visitor as in production
    CLIENT_ADDRESS_SECRET: process.env.BENCH_CLIENT_ADDRESS_SECRET || secret(),
    PREVIEW_SECRET: secret(),
    DEMO_DEPLOYMENT: 'true',
  };
}

async function main() {
  const leave = () => void stop().then(() => process.exit(0));
  process.once('disconnect', leave);
  process.once('SIGTERM', leave);
  process.once('SIGINT', leave);
  cms = await startStrapi({
    seed: process.env.BENCH_SEED !== 'false',
    env: { NODE_ENV: process.env.BENCH_NODE_ENV || 'production', LOG_LEVEL: 'error', ...productionSecrets() },
  });
  cms.strapi.db.connection.on('query', () => {
    statements += 1;
  });
  process.on('message', (message: Message) => {
    handle(message).then(
      (result) => process.send?.({ id: message.id, ok: true, result }),
      (error: Error) => process.send?.({ id: message.id, ok: false, error: error.stack ?? error.message }),
    );
  });
  process.send?.({ ready: true, url: cms.url, client: cms.database.client });
}

main().catch((error) => {
  process.stderr.write(`[cms-host] ${(error as Error).stack ?? error}\n`);
  void stop().then(() => process.exit(1));
});
