import type { AccountInfo, EventMessage, IPublicClientApplication } from '@azure/msal-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Session, TOKEN_RENEWAL_OFFSET_SECONDS } from '../../../src/authProvider/session';

const MINUTE = 60_000;
const auth = {
  clientId: 'client',
  authority: 'https://login.example/tenant',
  knownAuthorities: [],
  protocolMode: 'AAD' as const,
  apiScopes: ['api://crm/.default'],
  loginScopes: ['openid'],
  graphScopes: ['User.Read'],
};
const accountOf = (id: string) => ({ homeAccountId: id, username: `${id}@example.com` }) as AccountInfo;

/** MSAL's public client as far as the session uses it for accounts and tokens; counts what it is asked. */
function fakeMsal(tokenLifetimeMs = 60 * MINUTE) {
  const callbacks: ((message: EventMessage) => void)[] = [];
  let active: AccountInfo | null = accountOf('anna');
  let issued = 0;
  const msal = {
    getActiveAccount: vi.fn(() => active),
    acquireTokenSilent: vi.fn(async ({ account }: { account: AccountInfo }) => ({
      accessToken: `${account.homeAccountId}-${++issued}`,
      expiresOn: new Date(Date.now() + tokenLifetimeMs),
    })),
    addEventCallback: vi.fn((callback: (message: EventMessage) => void) => {
      callbacks.push(callback);
      return 'callback';
    }),
  };
  const session = new Session(auth, async () => ({
    msal: msal as unknown as IPublicClientApplication,
    redirectResult: null,
    redirectError: null,
    nested: false,
  }));
  return {
    msal,
    session,
    /** MSAL reports `eventType` (here or forwarded from another tab). */
    emit: (eventType: string) => callbacks.forEach((callback) => callback({ eventType } as EventMessage)),
    switchTo: (id: string | null) => (active = id ? accountOf(id) : null),
  };
}

// MSAL rebuilds every account from its cache on each getActiveAccount and searches its token cache on each
// acquireTokenSilent (about 70 ms of a cold desk load before its first row, and again for every API call): the
// session keeps both until MSAL reports a change, and a token only until MSAL itself would renew it.
describe('the session keeps the account and the access token between MSAL’s changes', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('asks MSAL once for the account and once per scope set for a token while nothing changes', async () => {
    const { msal, session } = fakeMsal();
    await session.start();
    const first = await session.accessToken();
    for (let call = 0; call < 5; call++) {
      expect(session.account?.homeAccountId).toBe('anna');
      expect(await session.accessToken()).toBe(first);
    }
    expect(await session.graphToken()).not.toBe(first);
    expect(await session.graphToken()).toBe(await session.graphToken());
    expect(msal.getActiveAccount).toHaveBeenCalledTimes(1);
    expect(msal.acquireTokenSilent).toHaveBeenCalledTimes(2);
  });

  it('asks for a new token once it is within MSAL’s renewal offset of its expiry', async () => {
    const { msal, session } = fakeMsal(60 * MINUTE);
    await session.start();
    const first = await session.accessToken();
    vi.setSystemTime(Date.now() + 60 * MINUTE - TOKEN_RENEWAL_OFFSET_SECONDS * 1000 - 1000);
    expect(await session.accessToken()).toBe(first);
    vi.setSystemTime(Date.now() + 2000);
    expect(await session.accessToken()).not.toBe(first);
    expect(msal.acquireTokenSilent).toHaveBeenCalledTimes(2);
  });

  it('a token that expires within the offset is never reused', async () => {
    const { msal, session } = fakeMsal(TOKEN_RENEWAL_OFFSET_SECONDS * 1000 - MINUTE);
    await session.start();
    expect(await session.accessToken()).not.toBe(await session.accessToken());
    expect(msal.acquireTokenSilent).toHaveBeenCalledTimes(2);
  });

  it.each(['msal:activeAccountChanged', 'msal:loginSuccess', 'msal:logoutSuccess'])(
    'after %s the account is read again and its own token asked for',
    async (eventType) => {
      const { msal, session, emit, switchTo } = fakeMsal();
      await session.start();
      expect(await session.accessToken()).toBe('anna-1');
      switchTo('bernd');
      // Until MSAL reports it, the kept account stands (MSAL forwards these events from the browser's other tabs).
      expect(session.account?.homeAccountId).toBe('anna');
      emit(eventType);
      expect(session.account?.homeAccountId).toBe('bernd');
      expect(await session.accessToken()).toBe('bernd-2');
      expect(msal.acquireTokenSilent).toHaveBeenLastCalledWith(
        expect.objectContaining({ account: expect.objectContaining({ homeAccountId: 'bernd' }) }),
      );
    },
  );

  it('a renewed token’s newer claims: the account is read again, the token kept', async () => {
    const { msal, session, emit } = fakeMsal();
    await session.start();
    const first = await session.accessToken();
    emit('msal:acquireTokenSuccess');
    expect(session.account?.homeAccountId).toBe('anna');
    expect(await session.accessToken()).toBe(first);
    expect(msal.getActiveAccount).toHaveBeenCalledTimes(2);
    expect(msal.acquireTokenSilent).toHaveBeenCalledTimes(1);
  });

  it('nobody signed in after a change: no token, the sign-in starts', async () => {
    const { session, emit, switchTo } = fakeMsal();
    await session.start();
    await session.accessToken();
    const login = vi.spyOn(session, 'login').mockResolvedValue();
    switchTo(null);
    emit('msal:logoutSuccess');
    await expect(session.accessToken()).rejects.toThrow('Nicht angemeldet');
    expect(login).toHaveBeenCalledTimes(1);
  });
});
