import type { ComponentTheme } from './appearance';

/** What the server tells the web app before sign-in (GET /api/config). */
/** SPEC §3: the web app's environment configuration besides sign-in (read by the server at start-up). */
export interface UiConfig {
  environmentName: string;
  /** Where the web app sends API calls (this server's /api unless the API runs elsewhere). */
  apiBaseUrl: string;
  /** Where the directory sends the browser back after sign-in. */
  redirectUrl: string;
  /** Release date of the configuration (SPEC §9: 30.09.2023). */
  releaseDate: string;
  /** Release date shown in the profile panel (SPEC §9: 27.05.2025 15:05). */
  releaseDatePanel: string;
  /** Default component theme until a person picks their own. */
  theme: ComponentTheme;
  loginTitle: string;
  favicon: string;
  sidebarLogo: string;
  manualUrl: string;
}

export interface ClientConfig {
  tenant: 'strussnig' | 'rekord';
  /** Shows the 'DEMOUMGEBUNG' chip. */
  demo: boolean;
  production: boolean;
  ui: UiConfig;
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
