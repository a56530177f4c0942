/**
 * The channel's TLS key and certificate: from REALTIME_TLS_CERT / REALTIME_TLS_KEY
 * (PEM text or file paths) when set, otherwise a self-signed pair generated on the
 * first start and kept in cms/.certs/realtime/ for the next ones.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { generate } from 'selfsigned';

export type TlsCredentials = {
  cert: string;
  key: string;
  /** Where the pair came from, for the start-up log line. */
  origin: 'environment' | 'self-signed';
  /** The folder of a self-signed pair. */
  dir?: string;
};

const SELF_SIGNED_DIR = 'realtime';
const VALIDITY_DAYS = 365;
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

function isPemText(value: string): boolean {
  return value.includes('-----BEGIN ');
}

/** PEM text as given (env files often hold it on one line with literal \n), or the content of the file it names. */
function readPem(value: string, name: string, baseDir: string): string {
  if (isPemText(value)) return value.replace(/\\n/g, '\n');
  const file = path.resolve(baseDir, value);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  }
  if (!isPemText(text)) throw new Error(`${name}: ${file} is not a PEM file`);
  return text;
}

/** Throws when the key does not belong to the certificate, so a bad pair fails at start and not at the first handshake. */
function assertPair(cert: string, key: string, label: string): void {
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new Error(`${label}: the TLS key and certificate do not form a usable pair (${(error as Error).message})`, { cause: error });
  }
}

export async function loadTlsCredentials(options: { cert?: string; key?: string; appDir: string }): Promise<TlsCredentials> {
  if (options.cert && options.key) {
    const cert = readPem(options.cert, 'REALTIME_TLS_CERT', options.appDir);
    const key = readPem(options.key, 'REALTIME_TLS_KEY', options.appDir);
    assertPair(cert, key, 'REALTIME_TLS_CERT/REALTIME_TLS_KEY');
    return { cert, key, origin: 'environment' };
  }
  const dir = path.join(options.appDir, '.certs', SELF_SIGNED_DIR);
  const { cert, key } = await loadOrCreateSelfSigned(dir);
  return { cert, key, origin: 'self-signed', dir };
}

function readUsablePair(dir: string): { cert: string; key: string } | null {
  let cert: string;
  let key: string;
  try {
    cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    key = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
  } catch {
    return null;
  }
  try {
    const validTo = Date.parse(new crypto.X509Certificate(cert).validTo);
    if (!(validTo - Date.now() > RENEW_BEFORE_MS)) return null;
    createSecureContext({ cert, key });
  } catch {
    return null;
  }
  return { cert, key };
}

async function generatePair(): Promise<{ cert: string; key: string }> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  const names = new Set(['localhost', os.hostname()].filter(Boolean));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...[...names].map((value) => ({ type: 2 as const, value })), { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * Several CMS processes may start at once on a fresh checkout (tests, a dev server
 * beside a worker): each writes its pair into a private folder and renames it into
 * place. A rename onto a folder that already has files fails, so exactly one pair
 * wins and every process then uses that one.
 */
async function loadOrCreateSelfSigned(dir: string): Promise<{ cert: string; key: string }> {
  const existing = readUsablePair(dir);
  if (existing) return existing;

  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const pair = await generatePair();
  const staging = fs.mkdtempSync(path.join(parent, `.${SELF_SIGNED_DIR}-`));
  fs.writeFileSync(path.join(staging, 'key.pem'), pair.key, { mode: 0o600 });
  fs.writeFileSync(path.join(staging, 'cert.pem'), pair.cert);

  // An expired or broken pair is replaced; a usable one written meanwhile by another process is kept.
  if (fs.existsSync(dir) && !readUsablePair(dir)) fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.renameSync(staging, dir);
    return pair;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    const winner = readUsablePair(dir);
    if (winner) return winner;
    throw new Error(`Cannot store the self-signed TLS pair in ${dir}: ${(error as Error).message}`, { cause: error });
  }
}
