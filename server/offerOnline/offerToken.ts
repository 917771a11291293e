import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_DIGITS } from '../../src/resources/offerOnline/offerOnline.rules';

/** A new unguessable link token (256 random bits, URL-safe). */
export const newOfferToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256. */
export const offerTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** SHA-256 of bytes, hex: the fingerprint the evidence names. */
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A new one-time code, e.g. "048213". */
export const newOfferCode = (): string => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

/** A code's hash, salted with its link (the same code of two links hashes differently). */
export const offerCodeHash = (linkId: number, code: string): string =>
  createHash('sha256').update(`${linkId}:${code}`).digest('hex');

/** Compares two hex hashes in constant time. */
export const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
