// The MUI floor with MSAL's start before its first drawing, as every page of ours behind the sign-in has it: MSAL's
// code, loaded beside the rest, then `initialize` and `handleRedirectPromise` with our configuration's cache and
// flow. Without an account and a token (there is no directory here), so MSAL asks nothing over the network: what
// MSAL costs a cold start at the least.
import { BrowserCacheLocation, PublicClientApplication } from '@azure/msal-browser';
import { renderMuiFloor } from './MuiFloor';

const msal = new PublicClientApplication({
  auth: {
    clientId: '00000000-0000-0000-0000-000000000000',
    authority: 'https://login.microsoftonline.com/common',
    redirectUri: `${window.location.origin}/kunden`,
  },
  cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
});

void msal
  .initialize()
  .then(() => msal.handleRedirectPromise({ navigateToLoginRequestUrl: false }))
  .then(renderMuiFloor);
