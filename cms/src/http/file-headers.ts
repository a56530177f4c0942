/**
 * Headers of a stored file sent to a browser, from /uploads/ or GET /private/files/{name}:
 * the browser must take the declared type (nosniff), a file runs in a sandbox that may load
 * nothing else, and only images, videos and PDF are shown inline. Anything else (HTML, SVG,
 * scripts, or a type added later through the media library) is sent as a download, so a
 * file uploaded by someone can never run as a page of this site.
 */
import path from 'node:path';

const INLINE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.mp4', '.m4v', '.mov', '.avi', '.mpg', '.mpeg', '.pdf']);

export const SANDBOX_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The extension of a decoded path, lower case; '' when it cannot be decoded. */
export function extensionOf(urlPath: string): string {
  try {
    return path.extname(decodeURIComponent(urlPath)).toLowerCase();
  } catch {
    return '';
  }
}

type HeaderTarget = { set(name: string, value: string): void };

/** Sets the headers for a file of that extension ('.png'). */
export function setFileHeaders(ctx: HeaderTarget, ext: string): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  // Chrome will not open a PDF under a sandbox policy; its viewer runs no script of the page anyway.
  if (ext !== '.pdf') ctx.set('Content-Security-Policy', SANDBOX_CSP);
  if (!INLINE_EXTENSIONS.has(ext)) {
    ctx.set('Content-Type', 'application/octet-stream');
    ctx.set('Content-Disposition', 'attachment');
  }
}
