/**
 * ID tokens as the providers sign them: Google with RS256 and a key published at its JWKS
 * address, LINE with HS256 and the channel secret. The RSA key is made when the stand-in starts.
 */
import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { signJwt } from '../lib/crypto';

export type RsaSigner = { kid: string; jwks: { keys: Record<string, unknown>[] }; sign(claims: Record<string, unknown>): string };

export function createRsaSigner(): RsaSigner {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  return {
    kid,
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    sign(claims) {
      const head = Buffer.from(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' })).toString('base64url');
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url');
      return `${head}.${body}.${signature}`;
    },
  };
}

export const signHs256 = (claims: Record<string, unknown>, secret: string) => signJwt(claims, secret);
