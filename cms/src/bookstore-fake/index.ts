/**
 * A local stand-in for the external book retailer, for the demo and the tests. It speaks
 * the hand-off protocol: POST /cart with the cart as JSON answers 201
 * `{ id, location: '<base>/checkout/<id>' }`; GET /checkout/<id> is the retailer's page
 * the browser lands on; GET /carts/<id> returns a received cart as JSON.
 *
 * Run it on its own: `npx tsx cms/src/bookstore-fake/index.ts` (BOOKSTORE_FAKE_PORT,
 * default 4600), then start the CMS with BOOKSTORE_URL=http://127.0.0.1:4600.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type FakeRetailerFailure = 'error' | 'garbage' | 'slow' | null;

export type FakeRetailer = {
  url: string;
  /** Carts received, by id, as posted. */
  carts: Map<string, Record<string, unknown>>;
  /** Makes every following POST /cart fail: a 500, a body without a location, or no answer in time. */
  failWith(failure: FakeRetailerFailure): void;
  stop(): Promise<void>;
};

const MAX_BODY_BYTES = 256 * 1024;

const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function checkoutPage(id: string, cart: Record<string, unknown>): string {
  const lines = Array.isArray(cart.courses) ? (cart.courses as Record<string, unknown>[]) : [];
  const rows = lines.map((line) => `<tr><td>${escapeHtml(line.title)}</td><td>${escapeHtml(line.quantity)}</td><td>${escapeHtml(line.total)}</td></tr>`).join('');
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>ร้านหนังสือ: ชำระเงิน</title></head>
<body><h1>ตะกร้าหนังสือ ${escapeHtml(id)}</h1><table><tr><th>รายการ</th><th>จำนวน</th><th>ราคา</th></tr>${rows}</table>
<p>ยอดรวม ${escapeHtml(cart.totalPrice)} ${escapeHtml(cart.currency_code)}</p></body></html>`;
}

export async function startFakeRetailer(options: { port?: number; host?: string } = {}): Promise<FakeRetailer> {
  const carts = new Map<string, Record<string, unknown>>();
  let failure: FakeRetailerFailure = null;
  let base = '';
  const host = options.host ?? '127.0.0.1';

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'POST' && url.pathname === '/cart') {
      const text = await readBody(req);
      if (failure === 'slow') return; // never answers; the caller's timeout ends it
      if (failure === 'error') return json(res, 500, { error: 'internal error' });
      if (failure === 'garbage') return json(res, 200, { ok: true });
      let cart: Record<string, unknown> | null;
      try {
        cart = text === null ? null : (JSON.parse(text) as Record<string, unknown>);
      } catch {
        cart = null;
      }
      if (!cart || !Array.isArray(cart.course_id) || cart.course_id.length === 0 || !Array.isArray(cart.courses)) {
        return json(res, 400, { error: 'a cart needs course_id and courses' });
      }
      const id = randomBytes(8).toString('hex');
      carts.set(id, cart);
      return json(res, 201, { id, location: `${base}/checkout/${id}` });
    }
    const checkout = /^\/checkout\/([0-9a-f]{16})$/.exec(url.pathname);
    if (req.method === 'GET' && checkout && carts.has(checkout[1])) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(checkoutPage(checkout[1], carts.get(checkout[1])!));
    }
    const stored = /^\/carts\/([0-9a-f]{16})$/.exec(url.pathname);
    if (req.method === 'GET' && stored && carts.has(stored[1])) return json(res, 200, carts.get(stored[1]));
    return json(res, 404, { error: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;

  return {
    url: base,
    carts,
    failWith(next) {
      failure = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (typeof require !== 'undefined' && typeof module !== 'undefined' && require.main === module) {
  const port = Number(process.env.BOOKSTORE_FAKE_PORT ?? 4600);
  startFakeRetailer({ port, host: process.env.BOOKSTORE_FAKE_HOST ?? '127.0.0.1' }).then((retailer) => {
    console.log(`fake book retailer listening on ${retailer.url} (set BOOKSTORE_URL=${retailer.url})`);
  });
}
