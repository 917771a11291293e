import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { startMsal } from './authProvider/msalClient';
import { Session } from './authProvider/session';
import { applyBranding } from './config/applyBranding';
import { ClientConfigProvider } from './config/ClientConfigContext';
import { loadClientConfig } from './config/loadClientConfig';

const root = createRoot(document.getElementById('root')!);

try {
  const config = await loadClientConfig();
  applyBranding(config);
  const start = await startMsal(config.auth, config.ui.redirectUrl);
  const session = new Session(start.msal, config.auth);
  root.render(
    <StrictMode>
      <ClientConfigProvider config={config}>
        <BrowserRouter>
          <AppRoutes session={session} start={start} />
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
