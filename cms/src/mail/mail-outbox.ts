/**
 * The mail outbox (docs/decisions/199-mail-through-an-outbox.md): a mail is a row of
 * `sala_mail_outbox` (created by the migration of the same name), written in the transaction of
 * the change that causes it; the worker (mail-worker.ts) in each CMS instance claims due rows
 * with a lease and sends them. A row is claimed by a conditional UPDATE that only one instance
 * can win (`WHERE id = ? AND state <> 'sent' AND lease expired`), on SQLite and PostgreSQL
 * alike; a CMS killed mid-send leaves its lease to run out, and another instance sends the row
 * again under the same Message-ID. A row is marked sent once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';

export const MAIL_OUTBOX_TABLE = 'sala_mail_outbox';

/** The bytes of a file sent with the mail; `cid` makes it an inline picture (`<img src="cid:…">`). */
export type MailFile = { filename: string; content: Buffer; contentType: string; cid?: string };
/** A stored document attached when the mail is sent: the order's receipt or tax invoice (ADR 189), printed at each attempt. */
export type MailDocument = { taxDocumentOfOrder: number };
export type MailAttachment = MailFile | MailDocument;

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: MailAttachment[] };

/**
 * A mail composed when it is sent rather than when it is queued (ADR 204): the row holds which
 * mail of which record, written in the causing transaction at the cost of one insert, and the
 * worker asks the service named in `MAIL_RECIPES` for the mail. The service answers null when
 * the record no longer takes it (an order paid before its payment request went out): the row is
 * then `skipped`, never sent.
 */
export type MailRecipe = { recipe: keyof typeof MAIL_RECIPES; id: number };
export type ComposedMail = { to: string; subject: string; text: string; html?: string; attachments?: MailFile[] };
export type MailComposer = { compose(id: number): Promise<ComposedMail | null> };

/** Each recipe's composing service; a row names a recipe, never a service. */
export const MAIL_RECIPES = {
  'order-placed': 'api::checkout.order-placed-mail',
} as const;

type StoredAttachment = { filename: string; contentType: string; base64: string; cid?: string } | MailDocument;
type Payload = { text: string; html?: string; replyTo?: string; attachments?: StoredAttachment[]; recipe?: MailRecipe };

export type MailState = 'pending' | 'sent' | 'failing' | 'skipped';

export type OutboxRow = {
  id: number;
  message_id: string;
  kind: string;
  recipient: string;
  subject: string;
  payload: string;
  state: MailState;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  lease_owner: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
};

/** The worker's knobs, from the environment (milliseconds). */
export type OutboxSettings = { pollMs: number; leaseMs: number; retryBaseMs: number; retryMaxMs: number; maxAttempts: number; batch: number };

function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const value = Number(env[name]);
  return Number.isFinite(value) && value >= min ? Math.floor(value) : fallback;
}

export function outboxSettings(env: NodeJS.ProcessEnv = process.env): OutboxSettings {
  return {
    pollMs: envNumber(env, 'MAIL_POLL_MS', 5_000, 100),
    leaseMs: envNumber(env, 'MAIL_LEASE_MS', 120_000, 1_000),
    retryBaseMs: envNumber(env, 'MAIL_RETRY_BASE_MS', 30_000, 100),
    retryMaxMs: envNumber(env, 'MAIL_RETRY_MAX_MS', 3_600_000, 100),
    maxAttempts: envNumber(env, 'MAIL_MAX_ATTEMPTS', 8),
    batch: 10,
  };
}

/** Wait before the attempt after `attempts` failed ones: base · 2^(attempts−1), at most the cap, with up to a tenth of jitter. */
export function retryDelayMs(attempts: number, settings: Pick<OutboxSettings, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number {
  const exponential = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, Math.min(30, attempts - 1)));
  return Math.round(exponential * (1 + random() / 10));
}

const INSTANCE = `${process.pid}-${randomBytes(4).toString('hex')}`;
let claims = 0;

/** This process's name in `lease_owner` (its pid first, so an operator can tell which instance holds a row). */
export function outboxInstance(): string {
  return INSTANCE;
}

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function readRow(raw: Record<string, unknown>): OutboxRow {
  return {
    ...(raw as OutboxRow),
    id: Number(raw.id),
    attempts: Number(raw.attempts),
    next_attempt_at: Number(raw.next_attempt_at),
    lease_until: toNumber(raw.lease_until),
    created_at: Number(raw.created_at),
    sent_at: toNumber(raw.sent_at),
  };
}

function messageIdDomain(strapi: Core.Strapi): string {
  const from = String(strapi.config.get('plugin::email.settings.defaultFrom') ?? '');
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'sala.local';
}

function storedAttachment(attachment: MailAttachment): StoredAttachment {
  if ('taxDocumentOfOrder' in attachment) return { taxDocumentOfOrder: attachment.taxDocumentOfOrder };
  return { filename: attachment.filename, contentType: attachment.contentType, base64: attachment.content.toString('base64'), ...(attachment.cid ? { cid: attachment.cid } : {}) };
}

/**
 * Queues a mail: one row, in the caller's transaction when there is one (so the mail exists
 * exactly when the change that causes it commits), else in a transaction of its own. The
 * worker is woken once the row is committed. Returns the row's id and Message-ID.
 */
export async function enqueueMail(
  strapi: Core.Strapi,
  kind: string,
  mail: OutgoingMail | (Pick<OutgoingMail, 'to' | 'subject'> & MailRecipe),
  onQueued?: () => void,
): Promise<{ id: number; messageId: string }> {
  const now = Date.now();
  const messageId = `<${randomUUID()}@${messageIdDomain(strapi)}>`;
  const payload: Payload =
    'recipe' in mail ? { text: '', recipe: { recipe: mail.recipe, id: mail.id } } : { text: mail.text, html: mail.html, replyTo: mail.replyTo, attachments: mail.attachments?.map(storedAttachment) };
  return strapi.db.transaction(async ({ trx, onCommit }) => {
    const inserted = await trx(MAIL_OUTBOX_TABLE)
      .insert({ message_id: messageId, kind, recipient: mail.to, subject: mail.subject, payload: JSON.stringify(payload), state: 'pending', attempts: 0, next_attempt_at: now, created_at: now })
      .returning('id');
    const first = inserted[0] as number | { id: number };
    if (onQueued) onCommit(onQueued);
    return { id: Number(typeof first === 'object' ? first.id : first), messageId };
  });
}

/** Ids of rows due now whose lease (if any) has run out, oldest due first. */
export async function dueMailIds(strapi: Core.Strapi, now: number, limit: number): Promise<number[]> {
  const rows = (await strapi.db
    .connection(MAIL_OUTBOX_TABLE)
    .select('id')
    .whereIn('state', ['pending', 'failing'])
    .where('next_attempt_at', '<=', now)
    .where((q) => q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
    .limit(limit)) as { id: number }[];
  return rows.map((row) => Number(row.id));
}

/**
 * Claims one row for `leaseMs`: a single UPDATE that succeeds for one caller only, counting the
 * attempt. Returns the row with its claim's token in `lease_owner`, or null when another
 * instance has it (or it was sent meanwhile).
 */
export async function claimMail(strapi: Core.Strapi, id: number, now: number, leaseMs: number): Promise<OutboxRow | null> {
  const token = `${INSTANCE}:${++claims}`;
  const knex = strapi.db.connection;
  const changed = await knex(MAIL_OUTBOX_TABLE)
    .where({ id })
    .whereNot('state', 'sent')
    .where((q) => q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .update({ lease_until: now + leaseMs, lease_owner: token, attempts: knex.raw('attempts + 1') });
  if (Number(changed) !== 1) return null;
  const row = (await knex(MAIL_OUTBOX_TABLE).where({ id, lease_owner: token }).first()) as Record<string, unknown> | undefined;
  return row ? readRow(row) : null;
}

/**
 * Marks a row sent (once: a row already sent is left as it is). A mail composed at sending
 * keeps the address and subject it went out with, for the shop's list of failing mails.
 */
export async function markMailSent(strapi: Core.Strapi, row: OutboxRow, now: number, sent?: { to: string; subject: string }): Promise<boolean> {
  const changed = await strapi.db
    .connection(MAIL_OUTBOX_TABLE)
    .where({ id: row.id })
    .whereNot('state', 'sent')
    .update({ state: 'sent', sent_at: now, lease_until: null, last_error: null, ...(sent ? { recipient: sent.to, subject: sent.subject } : {}) });
  return Number(changed) === 1;
}

/** A mail composed at sending that its record no longer takes: kept as `skipped`, never sent or retried. */
export async function markMailSkipped(strapi: Core.Strapi, row: OutboxRow, now: number): Promise<void> {
  await strapi.db.connection(MAIL_OUTBOX_TABLE).where({ id: row.id, lease_owner: row.lease_owner }).whereNot('state', 'sent').update({ state: 'skipped', sent_at: now, lease_until: null });
}

/** Gives a failed attempt its backoff; after `maxAttempts` the row is `failing` (still retried, at the capped delay, and shown to the shop). */
export async function markMailFailed(strapi: Core.Strapi, row: OutboxRow, error: string, now: number, settings: OutboxSettings): Promise<void> {
  await strapi.db
    .connection(MAIL_OUTBOX_TABLE)
    .where({ id: row.id, lease_owner: row.lease_owner })
    .whereNot('state', 'sent')
    .update({
      state: row.attempts >= settings.maxAttempts ? 'failing' : 'pending',
      next_attempt_at: now + retryDelayMs(row.attempts, settings),
      lease_until: null,
      last_error: error.slice(0, 1000),
    });
}

type Message = { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: MailFile[]; messageId: string };

/** The message of a row whose mail is composed now; null when its record no longer takes it. */
async function composedMessage(strapi: Core.Strapi, row: OutboxRow, recipe: MailRecipe): Promise<Message | null> {
  if (!Object.hasOwn(MAIL_RECIPES, recipe.recipe)) throw new Error(`unknown mail recipe ${String(recipe.recipe)}`);
  const service = MAIL_RECIPES[recipe.recipe];
  const mail = await (strapi.service(service) as unknown as MailComposer).compose(recipe.id);
  if (!mail) return null;
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    messageId: row.message_id,
  };
}

/** The message the mail plugin sends for a row; stored documents are printed now, recipes composed now (null: nothing to send). */
export async function messageOf(strapi: Core.Strapi, row: OutboxRow): Promise<Message | null> {
  const payload = JSON.parse(row.payload) as Payload;
  if (payload.recipe) return composedMessage(strapi, row, payload.recipe);
  const attachments: { filename: string; content: Buffer; contentType: string; cid?: string }[] = [];
  for (const stored of payload.attachments ?? []) {
    if ('taxDocumentOfOrder' in stored) {
      const document = await strapi.service('api::tax-document.tax-document').attachmentFor(stored.taxDocumentOfOrder);
      if (document) attachments.push(document);
    } else {
      attachments.push({ filename: stored.filename, contentType: stored.contentType, content: Buffer.from(stored.base64, 'base64'), ...(stored.cid ? { cid: stored.cid } : {}) });
    }
  }
  return {
    to: row.recipient,
    subject: row.subject,
    text: payload.text,
    ...(payload.html ? { html: payload.html } : {}),
    ...(payload.replyTo ? { replyTo: payload.replyTo } : {}),
    ...(attachments.length ? { attachments } : {}),
    messageId: row.message_id,
  };
}

export type FailingMail = { id: number; kind: string; to: string; subject: string; attempts: number; lastError: string | null; createdAt: string; nextAttemptAt: string };

/** The mails that keep failing, newest first (for the shop's administrators). */
export async function listFailingMails(strapi: Core.Strapi, limit = 100): Promise<FailingMail[]> {
  const rows = (await strapi.db.connection(MAIL_OUTBOX_TABLE).select('*').where({ state: 'failing' }).orderBy('id', 'desc').limit(limit)) as Record<string, unknown>[];
  return rows.map(readRow).map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    nextAttemptAt: new Date(row.next_attempt_at).toISOString(),
  }));
}

/** Puts a failing row back in the queue, due now, with its count of attempts from zero. False when there is no such failing row. */
export async function retryFailingMail(strapi: Core.Strapi, id: number, now: number): Promise<boolean> {
  const changed = await strapi.db.connection(MAIL_OUTBOX_TABLE).where({ id, state: 'failing' }).update({ state: 'pending', attempts: 0, next_attempt_at: now });
  return Number(changed) === 1;
}
