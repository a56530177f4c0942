/**
 * Renders the whole page before answering: Chakra's styles live in emotion, and emotion
 * can only extract them once every Suspense boundary has resolved (onAllReady). The
 * extracted <style> tags go at the end of <head>, where React's hydration ignores extra nodes.
 */
import type { Writable } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { EntryContext, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { getEnv } from '~/env.server';
import { createEmotionCache } from '~/lib/emotion-cache';
import { pageBody, withoutNulBytes } from '~/lib/html-bytes.server';
import { NonceContext } from '~/lib/nonce';
import { createNonce, framingOf, setPageSecurityHeaders } from '~/lib/security-headers.server';

// Fail at start-up, not on the first request, when the environment is wrong.
getEnv();

/** The production server (server.mjs) calls it when the CMS purges the page cache (ADR 142). */
export { purgeReferenceData } from '~/lib/reference-data.server';
// server.mjs serves each request inside it, so CMS calls carry the visitor's signed address
export { withVisitor } from '~/lib/client-address.server';

/** The public origin (PUBLIC_URL): server.mjs gives the page cache's own renders its Host. */
export const publicUrl = (): string => getEnv().PUBLIC_URL;
/** Where the server's readiness check finds the CMS (server.mjs, ADR 201). */
export const cmsUrl = (): string => getEnv().CMS_URL;

export const streamTimeout = 5000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const cache = createEmotionCache();
    const emotionServer = createEmotionServer(cache);
    let status = responseStatusCode;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One nonce per render: the page's inline scripts carry it and its CSP names it (ADR 157).
    const nonce = createNonce();

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CacheProvider value={cache}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </CacheProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          // React writes the finished page into this collector: its chunks are only kept, without a
          // stream around them (no PassThrough buffering, events and Buffer views per chunk).
          const chunks: Uint8Array[] = [];
          const collector = {
            write(chunk: Uint8Array) {
              chunks.push(chunk);
              return true;
            },
            end() {
              clearTimeout(timer);
              const html = Buffer.concat(chunks.map(withoutNulBytes));
              // Emotion only looks for its class names (ASCII) in the page, which a latin1 view finds at
              // the same places without decoding the Thai text; its style tags go into the bytes before
              // </head>, not into a string encoded again. A render that inserted no style (the hot pages
              // use static classes, ADR 140) gets emotion's empty tag without a scan: with nothing
              // inserted, what it extracts does not depend on the page.
              const scanned = Object.keys(cache.inserted).length === 0 ? '' : html.toString('latin1');
              const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(scanned));
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              setPageSecurityHeaders(responseHeaders, nonce, getEnv(), framingOf(new URL(request.url).pathname));
              resolve(new Response(pageBody(html, styles), { status, headers: responseHeaders }));
            },
            destroy(error: unknown) {
              clearTimeout(timer);
              reject(error);
            },
            on() {
              return collector;
            },
          };
          pipe(collector as unknown as Writable);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );

    // A render still waiting after the stream timeout is abandoned; one that finished clears it
    // (an abort after the end only made Node build an error for a stream already closed).
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
