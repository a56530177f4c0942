/** The rendered page as bytes, from React's chunks to the answer's body (entry.server.tsx). */

/**
 * React 18's stream writes its whole 2 KB buffer when a multi-byte character (all of Thai) does
 * not fit at its end, zero bytes included (facebook/react#31134): a page had NUL bytes in its
 * text, its attributes (which browsers turn into U+FFFD) and its data script. HTML never carries
 * a NUL byte, so every one is dropped; a chunk without them is returned as it is.
 */
export function withoutNulBytes(chunk: Uint8Array): Uint8Array {
  let at = chunk.indexOf(0);
  if (at === -1) return chunk;
  const out = new Uint8Array(chunk.length);
  let length = 0;
  let from = 0;
  while (at !== -1) {
    out.set(chunk.subarray(from, at), length);
    length += at - from;
    from = at + 1;
    at = chunk.indexOf(0, from);
  }
  out.set(chunk.subarray(from), length);
  length += chunk.length - from;
  return out.subarray(0, length);
}

/**
 * The page as the answer's body: its bytes with `insert` (emotion's style tags) just before
 * `</head>`, as a stream of the three parts, so the page is not copied again into one buffer,
 * nor by `Response` (which copies a buffer it is given). A page without `</head>` is sent as it is.
 */
export function pageBody(html: Buffer, insert: string): ReadableStream<Uint8Array> {
  const headEnd = html.indexOf('</head>');
  const parts = headEnd === -1 ? [html] : [html.subarray(0, headEnd), Buffer.from(insert, 'utf8'), html.subarray(headEnd)];
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}
