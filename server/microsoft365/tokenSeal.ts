import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals a token for the database with AES-256-GCM under the key from the environment (M365_TOKEN_KEY), bound to
 * the person it belongs to (their oid as additional data): a copied row decrypts for nobody else, a changed one
 * for nobody at all. Layout: iv (12) | tag (16) | ciphertext.
 */
export function sealToken(key: Buffer, owner: string, token: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens a sealed token; throws when the key, the owner or the bytes do not match. */
export function openToken(key: Buffer, owner: string, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
}
