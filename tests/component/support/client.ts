import { createApiClient, createEntityDataProvider, type Session } from './app';

/** Only what the tests use of the MSAL session: a signed-in account and its token. */
export const fakeSession = {
  account: { homeAccountId: 'test-account', name: 'Tina Test', username: 'tina.test' },
  accessToken: async () => 'test-token',
} as unknown as Session;

/** The real client stack the app builds in CrmApp, pointed at `/api` (answered by MSW). */
export function createTestDataProvider() {
  const { api, blob, upload, stream } = createApiClient(fakeSession, '/api');
  return createEntityDataProvider(api, blob, upload, stream);
}
