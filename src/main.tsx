import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { startMsal } from './authProvider/msalClient';
import { Session } from './authProvider/session';
import { loadClientConfig } from './config/loadClientConfig';

const root = createRoot(document.getElementById('root')!);

try {
  const config = await loadClientConfig();
  const start = await startMsal(config.auth);
  const session = new Session(start.msal, config.auth);
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes session={session} start={start} />
      </BrowserRouter>
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
