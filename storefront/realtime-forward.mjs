/**
 * Browsers reach the CMS's real-time channel through the storefront's own origin (ADR 202): a
 * request under /socket.io/ (socket.io's long-polling and its WebSocket upgrade) is forwarded as
 * it is to the channel, whose self-signed certificate a browser refuses on its own port. The
 * channel's port (8443) stays for the spec's other clients.
 *
 *   REALTIME_INTERNAL_URL   where this server reaches the channel (https://127.0.0.1:8443)
 *   REALTIME_INTERNAL_CA    the certificate to trust for it (PEM text or a file); by default the
 *                           CMS's self-signed one (../cms/.certs/realtime/cert.pem) when it is there,
 *                           otherwise the system's roots. The certificate is always checked.
 *   REALTIME_FORWARD=false  forwards nothing (a proxy in front sends /socket.io to the CMS itself)
 *
 * What it trusts: nothing of the request beyond its path prefix. The target is fixed at start,
 * never built from the request; the browser's Origin goes through unchanged, so the channel's own
 * origin check still decides; the Host header is the channel's.
 */
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

export const REALTIME_PATH = '/socket.io/';

/** Request headers that belong to one hop only (RFC 9110 7.6.1); `upgrade` and `connection` are set again for a WebSocket. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** A reader of the certificate to trust, or null for the system's roots; read again whenever a new agent is made. */
function certificateReader(value, baseDir) {
  if (!value) {
    const fallback = path.resolve(baseDir, '../cms/.certs/realtime/cert.pem');
    return () => (fs.existsSync(fallback) ? fs.readFileSync(fallback, 'utf8') : null);
  }
  if (value.includes('-----BEGIN ')) {
    const text = value.replace(/\\n/g, '\n');
    return () => text;
  }
  const file = path.resolve(baseDir, value);
  fs.readFileSync(file, 'utf8'); // a wrong path fails at start, not at the first socket
  return () => fs.readFileSync(file, 'utf8');
}

function forwardedHeaders(headers, target) {
  const out = { ...headers, host: target.host };
  for (const name of HOP_BY_HOP) delete out[name];
  return out;
}

/**
 * The forward, or null when REALTIME_FORWARD=false. `web(req, res)` and `upgrade(req, socket, head)`
 * answer true when the request was theirs.
 */
export function createRealtimeForward(env = process.env, baseDir = process.cwd()) {
  if (String(env.REALTIME_FORWARD ?? '').toLowerCase() === 'false') return null;
  const target = new URL(env.REALTIME_INTERNAL_URL || 'https://127.0.0.1:8443');
  if (target.protocol !== 'https:') throw new Error(`REALTIME_INTERNAL_URL must be an https:// address, got "${target.href}"`);
  const readCertificate = certificateReader(env.REALTIME_INTERNAL_CA?.trim(), baseDir);
  // Made on first use and again after a certificate error: the CMS may have renewed its self-signed pair.
  let agent = null;
  const currentAgent = () => {
    if (!agent) {
      const ca = readCertificate();
      agent = new https.Agent({ keepAlive: true, maxSockets: 256, ...(ca ? { ca } : {}) });
    }
    return agent;
  };
  const onUpstreamError = (error) => {
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(String(error?.code ?? ''))) {
      agent?.destroy();
      agent = null;
    }
  };
  const options = (req) => ({
    protocol: 'https:',
    hostname: target.hostname.replace(/^\[|\]$/g, ''),
    port: target.port || 443,
    method: req.method,
    path: req.url,
    agent: currentAgent(),
    headers: forwardedHeaders(req.headers, target),
    timeout: 60_000,
  });
  const mine = (req) => typeof req.url === 'string' && req.url.startsWith(REALTIME_PATH);

  return {
    web(req, res) {
      if (!mine(req)) return false;
      const upstream = https.request(options(req), (answer) => {
        const headers = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      });
      const fail = () => {
        if (res.headersSent) return res.destroy();
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('The real-time channel does not answer\n');
      };
      upstream.on('error', (error) => {
        onUpstreamError(error);
        fail();
      });
      upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
      req.on('aborted', () => upstream.destroy());
      req.pipe(upstream);
      return true;
    },
    upgrade(req, socket, head) {
      if (!mine(req)) return false;
      const request = https.request({ ...options(req), headers: { ...forwardedHeaders(req.headers, target), connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket' } });
      request.on('upgrade', (answer, upstream, upstreamHead) => {
        const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (upstreamHead?.length) socket.write(upstreamHead);
        if (head?.length) upstream.write(head);
        upstream.on('error', () => socket.destroy());
        socket.on('error', () => upstream.destroy());
        upstream.pipe(socket).pipe(upstream);
      });
      // The channel refused the upgrade (an origin it does not allow): its answer goes back as it is.
      request.on('response', (answer) => {
        socket.write(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nconnection: close\r\n\r\n`);
        answer.resume();
        socket.destroy();
      });
      request.on('error', (error) => {
        onUpstreamError(error);
        if (socket.writable) socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        socket.destroy();
      });
      socket.on('error', () => request.destroy());
      request.end();
      return true;
    },
  };
}
