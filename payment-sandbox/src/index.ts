/**
 * Local stand-ins of the payment providers, speaking their real protocols.
 * `createSandbox(name)` starts one on a free port (tests); `main.ts` starts all.
 */
import { DEMO_KEYS, type SandboxName } from './demo-keys';
import { startSandbox, type Provider, type ProviderContext, type RunningSandbox, type SandboxOptions } from './lib/sandbox';
import { createOmiseSandbox, type OmiseKeys } from './providers/omise';
import { createPayPalSandbox, type PayPalKeys } from './providers/paypal';
import { createPaySolutionsSandbox, type PaySolutionsKeys } from './providers/paysolutions';
import { createScbSandbox, type ScbKeys } from './providers/scb';
import { createTwoC2pSandbox, type TwoC2pKeys } from './providers/twoc2p';
import { createXenditSandbox, type XenditKeys } from './providers/xendit';

export * from './demo-keys';
export { createIdentityStandIn, IDENTITY_PATHS, signInAtIdentityStandIn, type IdentityStandInOptions, type RunningIdentityStandIn } from './identity/server';
export { DEMO_IDENTITY_ACCOUNTS, type IdentityAccount } from './identity/accounts';
export { sandboxCardPublicKey, sandboxEncryptCard } from './providers/twoc2p-card';
export { registerSandboxSlip, sandboxPaymentConfig, startCallbackRecorder, submitForm, type CallbackRecorder, type RecordedCallback } from './testing';
export type { SandboxSlip } from './providers/scb';
export type { BrowserStep, Decision, RunningSandbox, SandboxOptions, Settlement } from './lib/sandbox';

type KeysOf = {
  '2c2p': TwoC2pKeys;
  omise: OmiseKeys;
  paypal: PayPalKeys;
  xendit: XenditKeys;
  paysolutions: PaySolutionsKeys;
  scb: ScbKeys;
};

const FACTORIES: { [name in SandboxName]: (keys: KeysOf[name]) => (context: ProviderContext) => Provider } = {
  '2c2p': createTwoC2pSandbox,
  omise: createOmiseSandbox,
  paypal: createPayPalSandbox,
  xendit: createXenditSandbox,
  paysolutions: createPaySolutionsSandbox,
  scb: createScbSandbox,
};

export const SANDBOX_NAMES = Object.keys(FACTORIES) as SandboxName[];

/** Starts one provider's sandbox; on port 0 (a free port) unless `options.port` says otherwise. */
export function createSandbox<Name extends SandboxName>(name: Name, options: SandboxOptions & { keys?: Partial<KeysOf[Name]> } = {}): Promise<RunningSandbox> {
  const keys = { ...DEMO_KEYS[name], ...options.keys } as KeysOf[Name];
  return startSandbox(name, FACTORIES[name](keys), options);
}
