/**
 * The outbox's sender, in every CMS instance (ADR 199): every MAIL_POLL_MS, and at once when a
 * mail is committed, it claims due rows one by one (mail-outbox.ts) and sends each through the
 * mail plugin with the row's own Message-ID. A failure gives the row its backoff; nothing is
 * dropped. MAIL_WORKER=false keeps an instance from sending (it still queues).
 */
import type { Core } from '@strapi/strapi';
import { claimMail, dueMailIds, markMailFailed, markMailSent, markMailSkipped, messageOf, outboxSettings, type OutboxRow, type OutboxSettings } from './mail-outbox';

type Worker = { timer: NodeJS.Timeout | null; running: Promise<void> | null; again: boolean; stopped: boolean; settings: OutboxSettings };

const workers = new WeakMap<Core.Strapi, Worker>();

async function deliver(strapi: Core.Strapi, row: OutboxRow, settings: OutboxSettings): Promise<void> {
  let sent: { to: string; subject: string };
  try {
    const message = await messageOf(strapi, row);
    if (!message) {
      await markMailSkipped(strapi, row, Date.now());
      strapi.log.info(`[mail] ${row.kind} mail ${row.id} skipped: its record no longer takes it`);
      return;
    }
    await strapi.plugin('email').service('email').send(message);
    sent = { to: message.to, subject: message.subject };
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    await markMailFailed(strapi, row, message, Date.now(), settings);
    strapi.log.warn(`[mail] ${row.kind} mail ${row.id} attempt ${row.attempts} failed: ${message}`);
    return;
  }
  if (await markMailSent(strapi, row, Date.now(), sent)) strapi.log.info(`[mail] ${row.kind} mail ${row.id} sent as ${row.message_id} (attempt ${row.attempts})`);
}

/** One pass: sends what is due until nothing is, or the worker stops. */
export async function sendDueMails(strapi: Core.Strapi, settings: OutboxSettings = outboxSettings()): Promise<void> {
  for (;;) {
    const ids = await dueMailIds(strapi, Date.now(), settings.batch);
    let claimed = 0;
    for (const id of ids) {
      if (workers.get(strapi)?.stopped) return;
      const row = await claimMail(strapi, id, Date.now(), settings.leaseMs);
      if (!row) continue; // another instance has it
      claimed++;
      await deliver(strapi, row, settings);
    }
    if (ids.length < settings.batch || claimed === 0) return;
  }
}

function run(strapi: Core.Strapi, worker: Worker): void {
  if (worker.stopped) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = sendDueMails(strapi, worker.settings)
    .catch((error) => {
      strapi.log.error(`[mail] the outbox pass failed: ${(error as Error)?.message ?? error}`);
    })
    .finally(() => {
      worker.running = null;
      if (worker.again) {
        worker.again = false;
        run(strapi, worker);
      }
    });
}

/** Starts polling (bootstrap). */
export function startMailWorker(strapi: Core.Strapi, env: NodeJS.ProcessEnv = process.env): void {
  if (env.MAIL_WORKER === 'false' || workers.has(strapi)) return;
  const worker: Worker = { timer: null, running: null, again: false, stopped: false, settings: outboxSettings(env) };
  workers.set(strapi, worker);
  worker.timer = setInterval(() => run(strapi, worker), worker.settings.pollMs);
  worker.timer.unref();
  run(strapi, worker);
}

/** Wakes the worker now (a mail was just committed); a no-op where none runs. */
export function wakeMailWorker(strapi: Core.Strapi): void {
  const worker = workers.get(strapi);
  if (worker) run(strapi, worker);
}

/** Stops polling and waits for the mail being sent (destroy). */
export async function stopMailWorker(strapi: Core.Strapi): Promise<void> {
  const worker = workers.get(strapi);
  if (!worker) return;
  worker.stopped = true;
  if (worker.timer) clearInterval(worker.timer);
  await worker.running;
  workers.delete(strapi);
}
