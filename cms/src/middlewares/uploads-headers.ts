/**
 * Headers of every file served under /uploads/. Browsers must take the declared type
 * (nosniff), a served file runs in a sandbox that may load nothing else, and only
 * images, videos and PDF are shown inline: anything else (HTML, SVG, scripts, or a type
 * added later through the media library) is sent as a download, so a file uploaded by
 * someone can never run as a page of this site.
 */
import path from 'node:path';

const INLINE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.mp4', '.m4v', '.mov', '.avi', '.mpg', '.mpeg', '.pdf']);

/** The extension of the decoded path, as the static server will resolve it; '' when it cannot be decoded. */
function extensionOf(urlPath: string): string {
  try {
    return path.extname(decodeURIComponent(urlPath)).toLowerCase();
  } catch {
    return '';
  }
}

type Ctx = { path: string; method: string; status: number; set(name: string, value: string): void };

export default () => async (ctx: Ctx, next: () => Promise<void>) => {
  await next();
  if (!ctx.path.startsWith('/uploads/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
  ctx.set('X-Content-Type-Options', 'nosniff');
  const ext = extensionOf(ctx.path);
  // Chrome will not open a PDF under a sandbox policy; its viewer runs no script of the page anyway.
  if (ext !== '.pdf') ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
  if (!INLINE_EXTENSIONS.has(ext)) {
    ctx.set('Content-Type', 'application/octet-stream');
    ctx.set('Content-Disposition', 'attachment');
  }
};
