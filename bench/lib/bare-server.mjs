/**
 * The ceiling of the HTTP benchmarks: node:http answering every request with the same
 * bytes (received once from the parent over IPC, with the content type and any other
 * headers the subject sent them with, such as Content-Encoding and Vary), nothing else.
 * Exits with its parent.
 */
import http from 'node:http';

const port = Number(process.env.BARE_PORT);
const contentType = process.env.BARE_CONTENT_TYPE || 'text/html; charset=utf-8';

process.once('message', ({ body, headers: extra = {} }) => {
  const bytes = Buffer.from(body, 'base64');
  const headers = { 'content-type': contentType, ...extra, 'content-length': String(bytes.length) };
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, headers);
    res.end(bytes);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1');
  process.once('disconnect', () => process.exit(0));
  process.once('SIGTERM', () => process.exit(0));
});
