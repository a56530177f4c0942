import { PassThrough } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageBody, withoutNulBytes } from './html-bytes.server';

/** What entry.server collects: React's stream piped to the end, as bytes. */
function streamed(element: ReactElement): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks)));
        sink.on('error', reject);
        pipe(sink);
      },
      onShellError: reject,
    });
  });
}

const lessons = Array.from({ length: 60 }, (_, i) => `บทเรียนที่ ${i + 1} การตลาดออนไลน์สำหรับมือใหม่`);

function Curriculum() {
  return (
    <ul>
      {lessons.map((lesson) => (
        <li key={lesson} aria-label={lesson}>
          {lesson}
        </li>
      ))}
    </ul>
  );
}

describe('withoutNulBytes', () => {
  it('gives back the Thai page React renders, without the NUL bytes its stream leaves where a character does not fit a buffer', async () => {
    const raw = await streamed(<Curriculum />);
    expect(raw.includes(0), "React's stream no longer leaves NUL bytes: withoutNulBytes may go").toBe(true);
    const page = Buffer.from(withoutNulBytes(raw));
    expect(page.includes(0)).toBe(false);
    expect(page.toString('utf8')).toBe(renderToString(<Curriculum />));
  });

  it('returns a chunk without NUL bytes as it is', () => {
    const chunk = Buffer.from('<p>สวัสดี</p>');
    expect(withoutNulBytes(chunk)).toBe(chunk);
  });
});

describe('pageBody', () => {
  const read = (body: ReadableStream<Uint8Array>) => new Response(body).text();

  it('puts the style tags just before </head> and keeps every other byte', async () => {
    const html = Buffer.from('<!DOCTYPE html><html lang="th"><head><title>ศาลา</title></head><body><h1>คอร์ส</h1></body></html>');
    expect(await read(pageBody(html, '<style data-emotion="css "></style>'))).toBe(
      '<!DOCTYPE html><html lang="th"><head><title>ศาลา</title><style data-emotion="css "></style></head><body><h1>คอร์ส</h1></body></html>',
    );
  });

  it('sends a page without a head as it is', async () => {
    expect(await read(pageBody(Buffer.from('<p>สวัสดี</p>'), '<style></style>'))).toBe('<p>สวัสดี</p>');
  });
});
