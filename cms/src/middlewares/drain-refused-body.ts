/**
 * A request refused while its body is still arriving (an upload over the size limit answers 413
 * as soon as the parser sees it) has the rest of its body read and thrown away before the
 * answer goes out, up to DRAIN_LIMIT_BYTES; the client then reads the 413 and its Thai message
 * instead of a connection reset in the middle of sending. A body larger than that is cut off.
 */
import type { IncomingMessage } from 'node:http';
import type { Ctx } from '../http/ctx';

const DRAIN_LIMIT_BYTES = 128 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 30_000;

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) {
        req.destroy();
        done();
      }
    };
    const timer = setTimeout(() => {
      req.destroy();
      done();
    }, DRAIN_TIMEOUT_MS);
    req.on('data', count);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

export default () => async (ctx: Ctx & { req: IncomingMessage }, next: () => Promise<void>) => {
  try {
    await next();
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413 && !ctx.req.complete && !ctx.req.destroyed) await drain(ctx.req);
    throw error;
  }
};
