import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface DevIdpKeys {
  signingKey: JWK;
  publicKey: JWK;
  cookieKeys: string[];
}

/**
 * Loads the development provider's signing key, creating it once: it must survive restarts,
 * or the tokens browsers hold stop verifying.
 */
export async function loadOrCreateDevIdpKeys(dir: string): Promise<DevIdpKeys> {
  const file = path.join(dir, 'dev-idp-keys.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as DevIdpKeys;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `dev-${randomBytes(4).toString('hex')}`;
  const keys: DevIdpKeys = {
    signingKey: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' },
    publicKey: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  await mkdir(dir, { recursive: true });
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
