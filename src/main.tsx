import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { Session } from './authProvider/session';
import { maybeSignedIn } from './authProvider/signInHint';
import { applyBranding } from './config/applyBranding';
import { ClientConfigProvider } from './config/ClientConfigContext';
import { loadClientConfig } from './config/loadClientConfig';
import { warmUpIntl } from './i18n/warmUpIntl';

// When MSAL (66 kB gzip) starts. Every page behind the sign-in needs it (an account, a token, a returning
// redirect) before its first render, so it asks for MSAL's code at once, beside the configuration. The
// sign-in page and "Zugriff verweigert" start it after their first render, and only when someone may still be
// signed in (to forward them) or comes back from signing out (MSAL closes that redirect); otherwise the click
// on "Anmelden" starts it. The customers' survey page never needs it.
const { pathname, search } = window.location;
const surveyPage = pathname.startsWith('/umfrage/');
const signInPage = /^\/(login|zugriff)$/.test(pathname);
const msalBeforeRender = !surveyPage && !signInPage;
const msalAfterRender = signInPage && (maybeSignedIn() || new URLSearchParams(search).has('state'));

const loadMsal = () => import('./authProvider/msalClient');
if (msalBeforeRender) {
  void loadMsal().catch(() => undefined);
  // The module that starts the address's first data (CrmGuard): small, and here before the app's big files
  // take the connections.
  void import('./dataProvider/routeData').catch(() => undefined);
}

const root = createRoot(document.getElementById('root')!);

try {
  const config = await loadClientConfig();
  applyBranding(config);
  const session = new Session(config.auth, () =>
    loadMsal().then(({ startMsal }) => startMsal(config.auth, config.ui.redirectUrl)),
  );
  if (msalBeforeRender) {
    // MSAL's code is still on its way: the idle main thread prepares what the first list render needs.
    warmUpIntl();
    await session.start();
  } else if (msalAfterRender)
    setTimeout(() => void session.start().catch((error: unknown) => console.error(error)));
  root.render(
    <StrictMode>
      <ClientConfigProvider config={config}>
        <BrowserRouter>
          <AppRoutes session={session} />
        </BrowserRouter>
      </ClientConfigProvider>
    </StrictMode>,
  );
} catch (error) {
  console.error(error);
  root.render(
    <p style={{ fontFamily: 'sans-serif', padding: '2rem' }}>
      Das Fenster CRM konnte nicht starten. Bitte laden Sie die Seite neu oder wenden Sie sich an die IT.
    </p>,
  );
}
