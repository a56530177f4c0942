/**
 * A stand-in merchant endpoint for tests: records every notification a sandbox
 * sends and answers it, by default 200 OK, or with whatever `answer` returns
 * (for example the adapter's own reply, which SCB checks).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_BANK_ACCOUNTS, DEMO_METHOD_CONFIG } from './demo-keys';
import type { SandboxSlip } from './providers/scb';

export type RecordedCallback = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
};

export type CallbackRecorder = {
  url: string;
  received: RecordedCallback[];
  /** The last request received on `path` (any path when omitted). */
  last(path?: string): RecordedCallback | undefined;
  close(): Promise<void>;
};

type Answer = { status: number; contentType: string; body: string };

export async function startCallbackRecorder(answer?: (request: RecordedCallback) => Answer | Promise<Answer>): Promise<CallbackRecorder> {
  const received: RecordedCallback[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://merchant');
    const request: RecordedCallback = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody: Buffer.concat(chunks).toString('utf8'),
    };
    received.push(request);
    try {
      const reply = answer ? await answer(request) : { status: 200, contentType: 'text/plain', body: 'OK' };
      res.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end((error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    last: (path) => [...received].reverse().find((request) => !path || request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The payment method settings that point an adapter at a running sandbox with the demo keys. */
export function sandboxPaymentConfig(
  methodId: keyof typeof DEMO_METHOD_CONFIG,
  sandbox: { baseUrls: Record<string, string> } | null,
  urls: { returnUrl?: string; cancelUrl?: string; callbackUrl?: string } = {},
) {
  const { sandbox: _name, ...demo } = DEMO_METHOD_CONFIG[methodId];
  return {
    ...demo,
    production: false,
    ...(sandbox ? { baseUrls: sandbox.baseUrls } : {}),
    ...(methodId === 1 ? { bankAccounts: DEMO_BANK_ACCOUNTS } : {}),
    ...urls,
  };
}

/** Posts a form as a browser would (the adapter's `{kind:'form'}`), returning the page it gets. */
export async function submitForm(action: string, fields: Record<string, string>): Promise<{ status: number; text: string; location: string | null }> {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

/** Tells the SCB stand-in's bank about a transfer, so its slip lookup answers for that reference. */
export async function registerSandboxSlip(scbUrl: string, slip: SandboxSlip): Promise<void> {
  const response = await fetch(`${scbUrl.replace(/\/+$/, '')}/__sandbox/slips`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(slip) });
  if (response.status !== 201) throw new Error(`the SCB stand-in refused the slip: ${response.status} ${await response.text()}`);
}
