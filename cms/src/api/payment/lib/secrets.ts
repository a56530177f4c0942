/**
 * Payment method secrets (application_id_2, webhook_secret, api_key) are
 * `password` fields so the admin shows a masked input and never receives the
 * stored value (Strapi strips password fields from every answer). Strapi's
 * Document Service would store a bcrypt hash of them, which cannot sign a
 * request, so this middleware takes them out of a create or update, lets the
 * rest through, and writes them as typed with the query engine. A blank field
 * means "unchanged": the admin has no stored value to send back (ADR 090).
 */
import type { Core } from '@strapi/strapi';
import { UID } from './config';

export const SECRET_FIELDS = ['application_id_2', 'webhook_secret', 'api_key'] as const;

export function registerPaymentSecrets(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (ctx.uid !== UID.method || (ctx.action !== 'create' && ctx.action !== 'update')) return next();
    const data = (ctx.params as { data?: Record<string, unknown> } | undefined)?.data;
    const secrets: Record<string, string> = {};
    if (data && typeof data === 'object') {
      for (const field of SECRET_FIELDS) {
        if (!(field in data)) continue;
        const value = data[field];
        delete data[field];
        if (typeof value === 'string' && value.trim() !== '') secrets[field] = value.trim();
      }
    }
    const result = await next();
    const id = (result as { id?: number } | null)?.id;
    if (id && Object.keys(secrets).length > 0) await strapi.db.query(UID.method).update({ where: { id }, data: secrets });
    return result;
  });
}
