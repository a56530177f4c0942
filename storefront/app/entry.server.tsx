/**
 * Renders the whole page before answering: Chakra's styles live in emotion, and emotion
 * can only extract them once every Suspense boundary has resolved (onAllReady). The
 * extracted <style> tags go at the end of <head>, where React's hydration ignores extra nodes.
 */
import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { EntryContext, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { getEnv } from '~/env.server';
import { createEmotionCache } from '~/lib/emotion-cache';

// Fail at start-up, not on the first request, when the environment is wrong.
getEnv();

/** The production server (server.mjs) calls it when the CMS purges the page cache (ADR 142). */
export { purgeReferenceData } from '~/lib/reference-data.server';

export const streamTimeout = 5000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const cache = createEmotionCache();
    const emotionServer = createEmotionServer(cache);
    let status = responseStatusCode;

    const { pipe, abort } = renderToPipeableStream(
      <CacheProvider value={cache}>
        <RemixServer context={remixContext} url={request.url} />
      </CacheProvider>,
      {
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('error', reject);
          sink.on('end', () => {
            const html = Buffer.concat(chunks);
            // The page stays bytes: emotion only looks for its class names (ASCII) in it, which a
            // latin1 view finds at the same places without decoding the Thai text, and the answer
            // is the bytes with the style tags spliced in, not a string encoded again.
            const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html.toString('latin1')));
            const headEnd = html.indexOf('</head>');
            const body = headEnd === -1 ? html : Buffer.concat([html.subarray(0, headEnd), Buffer.from(styles, 'utf8'), html.subarray(headEnd)]);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(body, { status, headers: responseHeaders }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );

    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
