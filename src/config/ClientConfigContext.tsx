import { createContext, useContext, type ReactNode } from 'react';
import type { ClientConfig } from './clientConfig';

const ClientConfigContext = createContext<ClientConfig | null>(null);

/** Makes the start-up configuration (tenant, branding, sign-in) available to every screen. */
export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

/** The configuration the server sent at start-up (GET /api/config). */
export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error('ClientConfigProvider fehlt');
  return config;
}
