import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { DEV_API } from '../../server/dev/devIdp/apiScope';

/** Signs an access token in the development provider's (Entra-like) shape; overrides change any claim. */
export async function signAccessToken(
  key: JWK,
  issuer: string,
  groups: readonly string[],
  overrides: JWTPayload & { alg?: string } = {},
): Promise<string> {
  const { alg = 'RS256', ...claims } = overrides;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: issuer,
    sub: 'test-subject',
    aud: DEV_API.audience,
    iat: now,
    exp: now + 600,
    oid: '11111111-2222-3333-4444-555555555555',
    tid: DEV_API.tenantId,
    scp: DEV_API.scopeName,
    name: 'Test Person',
    preferred_username: 'test.person@strussnig.at',
    groups: [...groups],
    ...claims,
  })
    .setProtectedHeader({ alg, kid: key.kid })
    .sign(await importJWK(key, alg));
}
