import { describe, expect, it } from 'vitest';
import { sessionRefusalOf, signInAgainPath } from './refusal';

describe('sessionRefusalOf', () => {
  it('asks a student refused by the whitelist to sign out', () => {
    expect(sessionRefusalOf({ status: 401, code: 'WHITELIST_USER_DENIED' })).toBe('signout');
  });

  it('takes any other Unauthorized answer for a session that ran out', () => {
    expect(sessionRefusalOf({ status: 401, code: 'PERMISSION_DENIED' })).toBe('expired');
    expect(sessionRefusalOf({ status: 401 })).toBe('expired');
  });

  it('leaves every other answer alone (403 is a refusal of the action, not of the session)', () => {
    expect(sessionRefusalOf({ status: 403, code: 'PERMISSION_DENIED' })).toBeNull();
    expect(sessionRefusalOf({ status: 400, code: 'WHITELIST_USER_DENIED' })).toBeNull();
    expect(sessionRefusalOf({ status: 200 })).toBeNull();
  });
});

describe('signInAgainPath', () => {
  it('comes back to the same page, with its query', () => {
    expect(signInAgainPath({ pathname: '/pay/12', search: '?a=1&b=2' })).toBe('/login?redirect=%2Fpay%2F12%3Fa%3D1%26b%3D2');
  });
});
