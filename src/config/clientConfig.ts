import Type from 'typebox';
import { COMPONENT_THEME_IDS, type ComponentTheme } from './appearance';

/** What the server tells the web app before sign-in (GET /api/config). */
/** The web app's environment configuration besides sign-in (read by the server at start-up). */
export const UiConfigSchema = Type.Object({
  environmentName: Type.String(),
  /** Where the web app sends API calls (this server's /api unless the API runs elsewhere). */
  apiBaseUrl: Type.String(),
  /** Where the directory sends the browser back after sign-in. */
  redirectUrl: Type.String(),
  /** Release date of the configuration (30.09.2023). */
  releaseDate: Type.String(),
  /** Release date shown in the profile panel (27.05.2025 15:05). */
  releaseDatePanel: Type.String(),
  /** Default component theme until a person picks their own. */
  theme: Type.Unsafe<ComponentTheme>({ type: 'string', enum: COMPONENT_THEME_IDS }),
  loginTitle: Type.String(),
  favicon: Type.String(),
  sidebarLogo: Type.String(),
  manualUrl: Type.String(),
});
export type UiConfig = Type.Static<typeof UiConfigSchema>;

export const ClientConfigSchema = Type.Object({
  tenant: Type.Union([Type.Literal('strussnig'), Type.Literal('rekord')]),
  /** Shows the 'DEMOUMGEBUNG' chip. */
  demo: Type.Boolean(),
  production: Type.Boolean(),
  ui: UiConfigSchema,
  auth: Type.Object({
    clientId: Type.String(),
    /** Must be https for MSAL; in development it is never contacted (see authorityMetadata). */
    authority: Type.String(),
    knownAuthorities: Type.Array(Type.String()),
    /** The provider's discovery document, so MSAL needs no network call to find the endpoints. */
    authorityMetadata: Type.Optional(Type.String()),
    protocolMode: Type.Union([Type.Literal('OIDC'), Type.Literal('AAD')]),
    /** Scopes for the API token; the first sign-in also asks for them. */
    apiScopes: Type.Array(Type.String()),
    loginScopes: Type.Array(Type.String()),
    /** Microsoft Graph scopes for the browser's calls to Graph (profile picture); absent in development. */
    graphScopes: Type.Optional(Type.Array(Type.String())),
  }),
});
export type ClientConfig = Type.Static<typeof ClientConfigSchema>;
