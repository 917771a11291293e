import type { ComponentTheme } from './appearance';

/** What the server tells the web app before sign-in (GET /api/config). */
export interface ClientConfig {
  tenant: 'strussnig' | 'rekord';
  /** Shows the 'DEMOUMGEBUNG' chip. */
  demo: boolean;
  production: boolean;
  ui: {
    environmentName: string;
    apiBaseUrl: string;
    redirectUrl: string;
    releaseDate: string;
    releaseDatePanel: string;
    theme: ComponentTheme;
    loginTitle: string;
    favicon: string;
    sidebarLogo: string;
    manualUrl: string;
  };
  auth: {
    clientId: string;
    /** Must be https for MSAL; in development it is never contacted (see authorityMetadata). */
    authority: string;
    knownAuthorities: string[];
    /** The provider's discovery document, so MSAL needs no network call to find the endpoints. */
    authorityMetadata?: string;
    protocolMode: 'OIDC' | 'AAD';
    /** Scopes for the API token; the first sign-in also asks for them. */
    apiScopes: string[];
    loginScopes: string[];
    /** Microsoft Graph scopes for the browser's calls to Graph (profile picture); absent in development. */
    graphScopes?: string[];
  };
}
