/**
 * The demo credentials of the local payment sandboxes. payment-sandbox/src/demo-keys.ts is
 * the one source the sandboxes, their tests and this seed share, so a fresh install pays
 * against the sandboxes. It is TypeScript that is never compiled to JavaScript, so it is
 * loaded with tsx; these types describe the part the seed reads.
 */
import path from 'node:path';

export type DemoMethodConfig = {
  sandbox: string | null;
  applicationId1: string;
  applicationId2: string;
  webhookSecret?: string;
  apiKey?: string;
  settings?: Record<string, string>;
};

export type DemoBankAccount = { bankName: string; accountId: string; accountName: string; promptPayId: string };

export type SandboxDemoKeys = {
  DEMO_METHOD_CONFIG: Readonly<Record<number, DemoMethodConfig>>;
  DEMO_BANK_ACCOUNTS: readonly DemoBankAccount[];
  DEFAULT_SANDBOX_PORTS: Readonly<Record<string, number>>;
  /** The client credentials the identity stand-in accepts, per sign-in provider. */
  IDENTITY_DEMO_KEYS: Readonly<Record<'google' | 'facebook' | 'line', { clientId: string; clientSecret: string }>>;
};

type TsxApi = { require: (id: string, fromFile: string) => unknown };

export function loadSandboxDemoKeys(): SandboxDemoKeys {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tsx = require('tsx/cjs/api') as TsxApi;
  return tsx.require('@sala/payment-sandbox/demo-keys', path.join(__dirname, 'index.js')) as SandboxDemoKeys;
}

/**
 * The origin of a sandbox on its port: PAYMENT_SANDBOX_<NAME>_PORT when set (as the sandbox
 * itself reads it), else the default. The payment code reads a plain origin in `base_url` as
 * "every path of the provider under this host", outside production only.
 */
export function sandboxOrigin(keys: SandboxDemoKeys, sandbox: string): string {
  const override = Number(process.env[`PAYMENT_SANDBOX_${sandbox.toUpperCase()}_PORT`]);
  const port = Number.isInteger(override) && override > 0 ? override : keys.DEFAULT_SANDBOX_PORTS[sandbox];
  if (!port) throw new Error(`no default port for payment sandbox ${sandbox}`);
  return `http://127.0.0.1:${port}`;
}
