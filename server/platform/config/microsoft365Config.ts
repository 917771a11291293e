import { ConfigError, integer, url } from './envValues';

/** Microsoft 365 per person (Outlook calendar, mail from the seller's mailbox): on when M365_TOKEN_KEY is set. */
export interface Microsoft365Config {
  /** 32 bytes, base64 (M365_TOKEN_KEY): seals the delegated tokens in the database. */
  tokenKey: Buffer;
  /** How often each connected calendar's delta runs (M365_DELTA_MINUTES, 1–60, default 5). */
  deltaMinutes: number;
  /** Entra's sign-in host for the token endpoint (ENTRA_LOGIN_URL; tests point it at the stand-in). */
  loginBaseUrl: string;
}

/** Reads the Microsoft 365 settings; undefined (the feature off) without M365_TOKEN_KEY. */
export function readMicrosoft365Config(env: NodeJS.ProcessEnv): Microsoft365Config | undefined {
  const key = env.M365_TOKEN_KEY?.trim();
  if (!key) return undefined;
  const tokenKey = Buffer.from(key, 'base64');
  if (tokenKey.length !== 32) {
    throw new ConfigError('M365_TOKEN_KEY muss 32 Bytes in Base64 sein (z. B. `openssl rand -base64 32`).');
  }
  return {
    tokenKey,
    deltaMinutes: integer(env, 'M365_DELTA_MINUTES', 5, 1, 60),
    loginBaseUrl: url(env, 'ENTRA_LOGIN_URL', 'https://login.microsoftonline.com')!,
  };
}
