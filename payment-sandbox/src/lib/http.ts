/**
 * The tiny HTTP layer every sandbox shares: a router of plain handlers that
 * return a reply, body parsing (form or JSON), and delivery of notifications.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SandboxRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  rawBody: string;
  /** Form fields (urlencoded body), or the top-level string fields of a JSON body. */
  form(): Record<string, string>;
  json(): Record<string, unknown> | null;
  header(name: string): string | undefined;
};

export type Reply = { status: number; headers?: Record<string, string>; body?: string | Buffer };
export type Handler = (request: SandboxRequest) => Reply | Promise<Reply>;
export type Route = readonly [method: 'GET' | 'POST', pattern: string, handler: Handler];

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
export const html = (body: string, status = 200): Reply => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
export const text = (body: string, status = 200, type = 'text/plain; charset=utf-8'): Reply => ({ status, headers: { 'content-type': type }, body });
export const redirect = (location: string): Reply => ({ status: 303, headers: { location } });
export const png = (body: Buffer): Reply => ({ status: 200, headers: { 'content-type': 'image/png' }, body });

function compile(pattern: string): RegExp {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

function parseBody(rawBody: string, contentType: string) {
  let parsedJson: Record<string, unknown> | null | undefined;
  const json = () => {
    if (parsedJson === undefined) {
      try {
        const value: unknown = JSON.parse(rawBody);
        parsedJson = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      } catch {
        parsedJson = null;
      }
    }
    return parsedJson;
  };
  const form = () => {
    if (contentType.includes('application/json')) {
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(json() ?? {})) if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
      return fields;
    }
    return Object.fromEntries(new URLSearchParams(rawBody));
  };
  return { json, form };
}

/** Browser scripts (the card-encryption and tokenising stand-ins) call the sandbox cross-origin. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** Starts a server for the routes; unknown paths get 404 JSON, handler errors 500 JSON. */
export async function serve(routes: readonly Route[], port: number, host: string): Promise<{ server: Server; port: number }> {
  const compiled = routes.map(([method, pattern, handler]) => ({ method, regex: compile(pattern), handler }));
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    let reply: Reply;
    try {
      if (method === 'OPTIONS') {
        reply = { status: 204, headers: corsHeaders };
      } else {
        const found = compiled.map((route) => ({ route, match: route.method === method && route.regex.exec(url.pathname) })).find((entry) => entry.match);
        if (!found || !found.match) {
          reply = json(404, { error: 'not_found', path: url.pathname });
        } else {
          const { json: parseJson, form } = parseBody(rawBody, String(req.headers['content-type'] ?? ''));
          reply = await found.route.handler({
            method,
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            params: Object.fromEntries(Object.entries(found.match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)])),
            rawBody,
            form,
            json: parseJson,
            header: (name) => {
              const value = req.headers[name.toLowerCase()];
              return Array.isArray(value) ? value[0] : value;
            },
          });
        }
      }
    } catch (error) {
      reply = json(500, { error: 'sandbox_error', message: (error as Error).message });
    }
    res.writeHead(reply.status, { ...corsHeaders, ...reply.headers });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** One delivery of a notification to the merchant, as the merchant answered it. */
export type Delivery = { url: string; status: number | null; reply: string; error?: string };

/** POSTs a notification and records the answer; an unreachable merchant is recorded, not thrown. */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<Delivery> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    return { url, status: response.status, reply: await response.text() };
  } catch (error) {
    return { url, status: null, reply: '', error: (error as Error).message };
  }
}

export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const JSON_TYPE = { 'content-type': 'application/json' };
