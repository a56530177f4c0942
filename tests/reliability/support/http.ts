/**
 * HTTP for the reliability suite: every request on a connection of its own (a pooled
 * keep-alive socket can be closed by a busy server just as the next request goes out,
 * which would be our fault, not the server's), optionally from another loopback source
 * address (127.0.0.x) so limits per client address can be exercised one address per round.
 * A request that gets no answer resolves with status 0 and the error, so a burst of
 * hundreds is counted, never thrown away.
 */
import http from 'node:http';

export type Answer = { status: number; body: any; text: string; headers: http.IncomingHttpHeaders; error?: string };

export type SendOptions = {
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A loopback source address, e.g. 127.0.0.12. */
  from?: string;
  timeoutMs?: number;
};

export function send(method: string, url: string, options: SendOptions = {}): Promise<Answer> {
  const { headers = {}, body, from, timeoutMs = 120_000 } = options;
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        localAddress: from,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, text, headers: res.headers });
        });
        res.on('error', (error) => resolve({ status: 0, body: null, text: '', headers: {}, error: error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => resolve({ status: 0, body: null, text: '', headers: {}, error: error.message }));
    req.end(body);
  });
}

export function sendJson(method: string, url: string, payload: unknown, options: Omit<SendOptions, 'body'> = {}): Promise<Answer> {
  return send(method, url, { ...options, body: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...options.headers } });
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** `count` answers per status, e.g. { 201: 10, 409: 190 }. */
export function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

/** Answers that are server faults or no answer at all: 5xx and status 0. */
export function faults(answers: Answer[]): string[] {
  return answers.filter((a) => a.status === 0 || a.status >= 500).map((a) => `${a.status} ${a.error ?? a.text.slice(0, 200)}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
