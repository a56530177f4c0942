/**
 * Starts every provider sandbox on its own port and prints the URLs.
 *
 * Environment (all optional):
 *   PAYMENT_SANDBOX_HOST            interface to listen on (127.0.0.1)
 *   PAYMENT_SANDBOX_PUBLIC_HOST     host name in the URLs handed out (the listening host)
 *   PAYMENT_SANDBOX_<NAME>_PORT     port of one sandbox (2C2P, OMISE, PAYPAL, XENDIT, PAYSOLUTIONS, SCB)
 *   PAYMENT_SANDBOX_MERCHANT_URL    base of the merchant's notification endpoints (http://127.0.0.1:1337)
 *   PAYMENT_SANDBOX_<NAME>_CALLBACK_URL / _RESULT_URL   one sandbox's endpoints, over the default
 *   PAYMENT_SANDBOX_IDENTITY_PORT   port of the sign-in stand-in (Google, Facebook, LINE; 4107)
 */
import { createIdentityStandIn, createSandbox, DEFAULT_IDENTITY_PORT, DEFAULT_SANDBOX_PORTS, IDENTITY_PROVIDER_NAMES, SANDBOX_NAMES, type RunningSandbox, type SandboxName } from './index';

const env = process.env;
const merchant = (env.PAYMENT_SANDBOX_MERCHANT_URL ?? 'http://127.0.0.1:1337').replace(/\/+$/, '');
const envName = (name: SandboxName) => name.toUpperCase();

/** Where each provider notifies the merchant by default, as registered in its dashboard or portal. */
function sandboxConfig(name: SandboxName) {
  const key = envName(name);
  return {
    port: Number(env[`PAYMENT_SANDBOX_${key}_PORT`] ?? DEFAULT_SANDBOX_PORTS[name]),
    host: env.PAYMENT_SANDBOX_HOST ?? '127.0.0.1',
    publicHost: env.PAYMENT_SANDBOX_PUBLIC_HOST,
    callbackUrl: env[`PAYMENT_SANDBOX_${key}_CALLBACK_URL`] ?? `${merchant}/api/payments/${name}/notify`,
    resultUrl: env[`PAYMENT_SANDBOX_${key}_RESULT_URL`] ?? `${merchant}/api/payments/${name}/result`,
  };
}

async function main() {
  const running: RunningSandbox[] = [];
  for (const name of SANDBOX_NAMES) running.push(await createSandbox(name, sandboxConfig(name)));
  const width = Math.max(...running.map((sandbox) => sandbox.name.length));
  console.log('Payment sandboxes (demo keys: payment-sandbox/src/demo-keys.ts)');
  for (const sandbox of running) {
    const config = sandboxConfig(sandbox.name as SandboxName);
    const notifies = sandbox.name === 'paypal' ? 'no notifications (the merchant captures)' : `notifies ${config.callbackUrl}`;
    console.log(`  ${sandbox.name.padEnd(width)}  ${sandbox.url}  ${notifies}`);
  }
  const identity = await createIdentityStandIn({
    port: Number(env.PAYMENT_SANDBOX_IDENTITY_PORT ?? DEFAULT_IDENTITY_PORT),
    host: env.PAYMENT_SANDBOX_HOST ?? '127.0.0.1',
    publicHost: env.PAYMENT_SANDBOX_PUBLIC_HOST,
  });
  console.log(`Sign-in stand-in (demo keys: IDENTITY_DEMO_KEYS)\n  ${IDENTITY_PROVIDER_NAMES.map((name) => `${name} ${identity.baseUrl(name)}`).join('  ')}`);
  const stop = () => Promise.all([...running.map((sandbox) => sandbox.close()), identity.close()]).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
