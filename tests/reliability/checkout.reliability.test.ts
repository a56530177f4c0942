/**
 * Orders under attack, on one CMS booted once for the file: the last seats and the last
 * coupon uses raced for (scenarios/checkout-races.ts), password guessing and mass sign-ups
 * (scenarios/sign-in-limits.ts; the CMS runs with that scenario's limits, which no other
 * scenario of the file reaches), and kill -9 during orders in flight (scenarios/crash-recovery.ts,
 * whose CMS under attack is a child process on this file's database).
 */
import { describe } from 'vitest';
import { sharedCms } from './support/cms';
import { checkoutRaces } from './scenarios/checkout-races';
import { crashRecovery } from './scenarios/crash-recovery';
import { SIGN_IN_LIMITS_ENV, signInLimits } from './scenarios/sign-in-limits';

const cms = sharedCms({ env: SIGN_IN_LIMITS_ENV });

describe('checkout races', () => checkoutRaces(cms));
describe('sign-in limits', () => signInLimits(cms));
describe('crash recovery', () => crashRecovery(cms));
