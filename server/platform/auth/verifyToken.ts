import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface TokenVerifierOptions {
  /** Signing keys of the identity provider (a local or remote JWKS). */
  keys: JWTVerifyGetKey;
  /** The issuer expected for a token of tenant `tid`. */
  issuerFor: (tid: string) => string;
  /** The API's own audience(s): tokens for other resources (Graph) and ID tokens are refused. */
  audience: string | string[];
  /** The API scope that must be in `scp`. */
  requiredScope: string;
  /** Tenants whose accounts may sign in; '*' only for the development provider. */
  allowedTenants: readonly string[] | '*';
}

export interface VerifiedToken {
  oid: string;
  tid: string;
  name: string;
  username: string;
  payload: JWTPayload;
}

/** Seconds of clock difference tolerated between the identity provider and this server. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** Why a token was refused, for the log; callers only ever see a plain 401. */
export class TokenRejected extends Error {}

/** Builds a verifier for access tokens: signature (RS256 only), issuer, audience, expiry, scope, tenant. */
export function createTokenVerifier(options: TokenVerifierOptions) {
  return async function verifyToken(token: string): Promise<VerifiedToken> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        algorithms: ['RS256'],
        audience: options.audience,
        requiredClaims: ['exp', 'iat', 'sub', 'oid', 'tid'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      const reason = error instanceof errors.JOSEError ? error.code : String(error);
      throw new TokenRejected(`Token ungültig: ${reason}`);
    }
    // jose checks exp and nbf but not iat: a token "issued" in the future comes from a wrong clock or a forger.
    if (Number(payload.iat) > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) {
      throw new TokenRejected('Token ungültig: in der Zukunft ausgestellt');
    }
    const tid = String(payload.tid);
    if (payload.iss !== options.issuerFor(tid))
      throw new TokenRejected('Token ungültig: falscher Aussteller');
    if (options.allowedTenants !== '*' && !options.allowedTenants.includes(tid)) {
      throw new TokenRejected('Token ungültig: Mandant nicht zugelassen');
    }
    const scopes = typeof payload.scp === 'string' ? payload.scp.split(' ') : [];
    if (!scopes.includes(options.requiredScope))
      throw new TokenRejected('Token ungültig: Berechtigung fehlt');
    return {
      oid: String(payload.oid),
      tid,
      name: typeof payload.name === 'string' ? payload.name : String(payload.oid),
      username: typeof payload.preferred_username === 'string' ? payload.preferred_username : '',
      payload,
    };
  };
}

export type VerifyToken = ReturnType<typeof createTokenVerifier>;
