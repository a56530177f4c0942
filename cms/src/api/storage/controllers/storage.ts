/**
 * Thin: reads the multipart files or the query, lets the storage service decide, shapes
 * the answer. The temporary files of a request are always removed: Strapi's body parser
 * only cleans a field named `files`, and ours are imageinput0..n.
 */
import fs from 'node:fs';
import type { Core } from '@strapi/strapi';
import { SHOP_ADMIN_ROLE, requireStudent } from '../../../http/auth';
import { clientAddress } from '../../../http/client-address';
import { ApiError, badRequest, notFound } from '../../../lib/errors';
import { createLimiter, envLimit, rateLimited, type Limiter } from '../../../lib/rate-limits';
import { UPLOAD_TICKET_PURPOSES, issueUploadTicket, readUploadTicket, type UploadTicketPurpose } from '../lib/upload-tickets';
import { extensionOf, setFileHeaders } from '../../../http/file-headers';
import type { IncomingFile, ReadableUpload } from '../services/storage';
import type { Ctx, ParsedFile } from '../../../http/ctx';

const FIELD_PATTERN = /^imageinput(\d+)$/;
/** Where a visitor's upload ticket rides (the multipart body holds only files). */
const TICKET_HEADER = 'x-upload-ticket';
const HOUR = 3600;
const BYTES_PER_MEGABYTE = 1048576;
const MAX_PAGE_SIZE = 100;

function parsedFiles(ctx: Ctx): { field: string; file: ParsedFile }[] {
  return Object.entries(ctx.request.files ?? {}).flatMap(([field, value]) => (Array.isArray(value) ? value : [value]).map((file) => ({ field, file })));
}

function positiveInt(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest('INPUT_ERROR');
  return n;
}

/**
 * The limits of uploads (docs/decisions/158-client-addresses-and-upload-tickets.md), in windows
 * of an hour: a visitor's uploads per client address (UPLOADS_PER_ADDRESS_PER_HOUR, 30, and
 * UPLOAD_MB_PER_ADDRESS_PER_HOUR, 100) and per ticket (UPLOADS_PER_TICKET, 10); a student's per
 * account (UPLOADS_PER_OWNER_PER_HOUR, 60); tickets per address (UPLOAD_TICKETS_PER_ADDRESS_PER_HOUR, 30).
 */
function uploadLimiters(strapi: Core.Strapi) {
  const limit = (name: string, env: string, fallback: number, durationSeconds = HOUR) => createLimiter(strapi, name, { points: envLimit(strapi, env, fallback), durationSeconds });
  return {
    address: limit('upload-address', 'UPLOADS_PER_ADDRESS_PER_HOUR', 30),
    addressBytes: createLimiter(strapi, 'upload-address-bytes', { points: envLimit(strapi, 'UPLOAD_MB_PER_ADDRESS_PER_HOUR', 100) * BYTES_PER_MEGABYTE, durationSeconds: HOUR }),
    ticket: limit('upload-ticket-uses', 'UPLOADS_PER_TICKET', 10, 2 * HOUR),
    owner: limit('upload-owner', 'UPLOADS_PER_OWNER_PER_HOUR', 60),
    tickets: limit('upload-tickets', 'UPLOAD_TICKETS_PER_ADDRESS_PER_HOUR', 30),
  };
}

/** Minutes a ticket stays valid (UPLOAD_TICKET_MINUTES, 30): long enough to fill in a checkout. */
const ticketSeconds = (strapi: Core.Strapi) => envLimit(strapi, 'UPLOAD_TICKET_MINUTES', 30) * 60;

function appKey(strapi: Core.Strapi): string {
  const keys = strapi.config.get('server.app.keys') as string[] | undefined;
  if (!keys?.[0]) throw new Error('APP_KEYS is required to sign upload tickets');
  return keys[0];
}

async function hitOrRefuse(ctx: Ctx, limiter: Limiter, key: string, points = 1): Promise<void> {
  const wait = await limiter.hit(key, points);
  if (wait > 0) {
    const error = rateLimited(wait);
    ctx.set('Retry-After', String(error.details.retryAfter));
    throw error;
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let limiters: ReturnType<typeof uploadLimiters> | undefined;
  const limits = () => (limiters ??= uploadLimiters(strapi));

  return {
    /**
     * POST /public/uploads/ticket `{ purpose: 'checkout' | 'registration' }` → `{ success, ticket, expiresAt }`:
     * what a visitor's upload needs (the storefront's checkout asks for it just before it uploads).
     */
    async ticket(ctx: Ctx) {
      const body = typeof ctx.request.body === 'object' && ctx.request.body !== null ? (ctx.request.body as Record<string, unknown>) : {};
      const purpose = body.purpose ?? 'checkout';
      if (!UPLOAD_TICKET_PURPOSES.includes(purpose as UploadTicketPurpose)) throw badRequest('INPUT_ERROR');
      await hitOrRefuse(ctx, limits().tickets, `ip:${clientAddress(ctx)}`);
      const { ticket, expiresAt } = issueUploadTicket(appKey(strapi), purpose as UploadTicketPurpose, ticketSeconds(strapi));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, ticket, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },

    /**
     * POST /api/home/test_upload: multipart imageinput0..n → `{ success, fileName }`. A student
     * uploads with their token; a visitor (guest checkout, sign-up) with a ticket in X-Upload-Ticket.
     */
    async upload(ctx: Ctx) {
      const received = parsedFiles(ctx);
      try {
        // A sent but invalid token is a 401, not a visitor.
        const owner = ctx.get('authorization') ? await requireStudent(strapi, ctx) : null;
        if (owner) {
          await hitOrRefuse(ctx, limits().owner, `user:${owner.id}`);
        } else {
          const ticket = readUploadTicket(appKey(strapi), ctx.get(TICKET_HEADER));
          if (!ticket) throw new ApiError(401, 'UNAUTHORIZED');
          const address = `ip:${clientAddress(ctx)}`;
          await hitOrRefuse(ctx, limits().address, address);
          await hitOrRefuse(ctx, limits().ticket, `ticket:${ticket.nonce}`);
          const bytes = received.reduce((sum, { file }) => sum + Math.max(0, Number(file.size ?? 0)), 0);
          if (bytes > 0) await hitOrRefuse(ctx, limits().addressBytes, address, bytes);
        }
        if (received.some(({ field }) => !FIELD_PATTERN.test(field))) throw badRequest('INPUT_ERROR');
        const files: IncomingFile[] = received
          .map(({ field, file }) => ({ field, filepath: String(file.filepath ?? ''), originalFilename: file.originalFilename ?? null, size: Number(file.size ?? 0) }))
          .sort((a, b) => Number(FIELD_PATTERN.exec(a.field)![1]) - Number(FIELD_PATTERN.exec(b.field)![1]));
        const stored = await strapi.service('api::storage.storage').saveUploads({ files, ownerId: owner?.id ?? null });
        ctx.body = { success: true, fileName: stored.map((file: { name: string }) => file.name) };
      } finally {
        await Promise.all(received.map(({ file }) => (file.filepath ? fs.promises.rm(file.filepath, { force: true }) : undefined)));
      }
    },

    /** GET /api/storage/details (shop admin): free space in gigabytes. */
    async details(ctx: Ctx) {
      ctx.body = { success: true, free: await strapi.service('api::storage.storage').freeGigabytes() };
    },

    /**
     * GET /private/files/{name} (student): a stored file for its owner or a shop administrator,
     * never cached. Anyone else gets 404 NOT_FOUND, as for a name that does not exist.
     */
    async file(ctx: Ctx) {
      const reader = ctx.state.student!;
      const found = (await strapi.service('api::storage.storage').findReadable({
        name: String(ctx.params.name ?? ''),
        readerId: reader.id,
        isShopAdmin: reader.role?.type === SHOP_ADMIN_ROLE,
      })) as ReadableUpload | null;
      if (!found) throw notFound();
      ctx.set('Cache-Control', 'private, no-store');
      ctx.type = found.mime;
      ctx.length = found.size;
      setFileHeaders(ctx, extensionOf(found.name));
      ctx.body = fs.createReadStream(found.filepath);
    },

    /** GET /private/uploads: the caller's own uploads. */
    async listOwn(ctx: Ctx) {
      const page = positiveInt(ctx.query.page, 1);
      const pageSize = positiveInt(ctx.query.pageSize, 10, MAX_PAGE_SIZE);
      const { data, total } = await strapi.service('api::storage.storage').listOwnUploads({ ownerId: ctx.state.student!.id, page, pageSize });
      ctx.body = { success: true, data, pagination: { page, pageSize, total } };
    },
  };
};
