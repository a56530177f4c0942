/**
 * Keeps private uploads out of the public folder: a request for /uploads/{name} whose file
 * the storage service holds private (a transfer slip, a certificate, anything not attached to
 * a public record) is answered 404, as a missing file, for anyone and with any token; their
 * owner and shop administrators read them at GET /private/files/{name}. The path is looked at
 * as the static server will resolve it (decoded, dots and doubled slashes removed), so another
 * spelling of the same file is refused too.
 */
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../http/ctx';

/** The file name the static server would serve for this path, lower case; null when outside /uploads/ or not decodable. */
function uploadNameOf(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const normalized = path.posix.normalize(decoded.replace(/\\/g, '/'));
  if (!normalized.startsWith('/uploads/')) return null;
  return path.posix.basename(normalized).toLowerCase();
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Ctx, next: () => Promise<void>) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const name = uploadNameOf(ctx.path);
    // Nothing answered: Strapi's error middleware then gives the 404 of a missing file, body included.
    if (name !== null && (await strapi.service('api::storage.storage').isPrivateUpload(name))) return;
    return next();
  };
