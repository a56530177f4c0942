/** Small helpers shared by the start and test scripts. */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\x1b[36m[sala]\x1b[0m ${message}\n`);
}

/** Runs a command to completion, inheriting stdio; throws on a non-zero exit. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Starts a long-running child whose output is prefixed with its name. */
export function start(name, command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    ...options,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, so stopping it also stops what it started (npm, tsx and the like)
    detached: true,
  });
  const prefix = `\x1b[35m[${name}]\x1b[0m `;
  const pipe = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return child;
}

/** Waits until `url` answers with a status below 500. */
export async function waitFor(url, { timeoutMs = 180_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** A content hash of the files below the given paths (skipping build output). */
export function hashTree(paths) {
  const hash = createHash('sha256');
  const skip = new Set(['node_modules', 'dist', 'build', '.cache', '.tmp', '.strapi', 'coverage', 'public']);
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) if (!skip.has(entry)) walk(path.join(p, entry));
    } else {
      hash.update(path.relative(ROOT, p));
      hash.update(fs.readFileSync(p));
    }
  };
  for (const p of paths) walk(path.join(ROOT, p));
  return hash.digest('hex');
}

/** Writes cms/.env with fresh random secrets when it does not exist yet. */
export function ensureCmsEnv() {
  const file = path.join(ROOT, 'cms', '.env');
  if (fs.existsSync(file)) return false;
  const secret = () => randomBytes(36).toString('base64'); // 48 characters: production asks for 32 or more (ADR 156)
  const lines = [
    '# Generated on first start. Keep it out of version control.',
    'HOST=0.0.0.0',
    'PORT=1337',
    `APP_KEYS=${[secret(), secret(), secret(), secret()].join(',')}`,
    `API_TOKEN_SALT=${secret()}`,
    `ADMIN_JWT_SECRET=${secret()}`,
    `TRANSFER_TOKEN_SALT=${secret()}`,
    `JWT_SECRET=${secret()}`,
    `ENCRYPTION_KEY=${secret()}`,
    'STRAPI_TELEMETRY_DISABLED=true',
  ];
  fs.writeFileSync(file, lines.join('\n') + '\n', { mode: 0o600 });
  return true;
}

/** Runs `build` only when the hashed sources changed since the last successful build. */
export function buildIfChanged(name, sources, stampFile, build) {
  const stamp = path.join(ROOT, stampFile);
  const digest = hashTree(sources);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) {
    log(`${name}: up to date`);
    return;
  }
  log(`${name}: building…`);
  build();
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, digest);
}

/** Stops a child started with `start` and everything in its process group. */
export function stop(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** The storefront's session secret, kept beside the CMS secrets so sessions survive a restart. */
export function storefrontSessionSecret() {
  const file = path.join(ROOT, 'cms', '.env');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const found = /^STOREFRONT_SESSION_SECRET=(.+)$/m.exec(text);
  if (found) return found[1].trim();
  const secret = randomBytes(32).toString('hex');
  fs.appendFileSync(file, `STOREFRONT_SESSION_SECRET=${secret}\n`, { mode: 0o600 });
  return secret;
}
