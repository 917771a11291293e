// Who is signed in on this browser, read from what MSAL wrote, before MSAL's library (66 kB gzip) has loaded: so
// that Mein Tag can draw the person's kept day at once. MSAL (@azure/msal-browser 5, localStorage cache) keeps
//   - `msal.<clientId>.active-account-filters`: `{"homeAccountId", "localAccountId", "tenantId"}` in plain JSON,
//     the account `getActiveAccount()` answers;
//   - `msal.3.account.keys`: the keys of the accounts it holds, `msal.3|<homeAccountId>|<environment>|<tenant>`
//     in lower case;
//   - under each such key the account, encrypted: `{"id", "nonce", "data"}`, where `id` names the key in the
//     session cookie `msal.cache.encryption` (`{"id", "key"}`). An entry of another id is from an earlier browser
//     session: MSAL cannot read it and removes it when it starts, and nobody counts as signed in.
// Only when all three agree is the account taken as signed in. This is a hint for drawing what this browser kept
// for that account; MSAL still decides once it has started (signed out: the sign-in page replaces the day), and
// the server decides every call.

/** MSAL's schema of the cached accounts (the `3` in `msal.3.account.keys`). */
const ACCOUNT_KEYS = 'msal.3.account.keys';
const ENCRYPTION_COOKIE = 'msal.cache.encryption';

function json(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const field = (value: unknown, name: string): string | undefined => {
  const inner = (value as Record<string, unknown> | null)?.[name];
  return typeof inner === 'string' ? inner : undefined;
};

/** The value of cookie `name` in `cookies` (document.cookie), decoded. */
function cookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * MSAL's active account on this browser (its home account id, as `session.account.homeAccountId` will say), or
 * null when MSAL would find nobody signed in.
 */
export function storedMsalAccount(
  clientId: string,
  storage: Pick<Storage, 'getItem'> = window.localStorage,
  cookies: string = document.cookie,
): string | null {
  const active = json(storage.getItem(`msal.${clientId}.active-account-filters`));
  const homeAccountId = field(active, 'homeAccountId');
  if (!homeAccountId) return null;
  const keys = json(storage.getItem(ACCOUNT_KEYS));
  if (!Array.isArray(keys)) return null;
  const key = keys.find(
    (candidate): candidate is string =>
      typeof candidate === 'string' && candidate.split('|')[1] === homeAccountId.toLowerCase(),
  );
  if (!key) return null;
  const account = json(storage.getItem(key));
  const encryptedWith = field(account, 'id');
  if (encryptedWith === undefined) {
    // Written before MSAL encrypted its cache: the account in plain JSON.
    return field(account, 'homeAccountId') === homeAccountId ? homeAccountId : null;
  }
  return field(json(cookie(cookies, ENCRYPTION_COOKIE)), 'id') === encryptedWith ? homeAccountId : null;
}
