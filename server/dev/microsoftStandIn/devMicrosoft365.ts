import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Microsoft365Options } from '../../microsoft365/microsoft365Options';
import { createTokenEndpoint } from '../../microsoft365/tokenEndpoint';
import { DEV_STAND_IN_CLIENT, registerMicrosoftStandIn, type StandInControl } from './microsoftStandIn';
import { registerStandInPages } from './standInPages';

/** Where the development app serves the stand-in for Entra's token endpoint and Graph. */
export const DEV_STAND_IN_PREFIX = '/dev-microsoft';

/** The development key for sealed tokens: kept in the data folder, made at the first start. */
async function devTokenKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'microsoft365-dev.key');
  if (existsSync(file)) return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  const key = randomBytes(32);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/**
 * Microsoft 365 in development and in the browser tests' product: the stand-in answers on this app's own origin
 * (`/dev-microsoft`), so "Microsoft 365 verbinden", the consent page, Termine in a calendar and mails work on a
 * fresh clone; the same area code talks to it as to Graph. `control` is the stand-in's state (for a dev page).
 */
export async function setUpDevMicrosoft365(options: {
  publicUrl: string;
  dataDir: string;
  tokenKey?: Buffer;
  deltaMinutes?: number;
}): Promise<Microsoft365Options & { control: () => StandInControl | undefined }> {
  const base = `${options.publicUrl.replace(/\/$/, '')}${DEV_STAND_IN_PREFIX}`;
  let control: StandInControl | undefined;
  return {
    graphBaseUrl: base,
    tokens: createTokenEndpoint({
      loginBaseUrl: base,
      clientId: DEV_STAND_IN_CLIENT.clientId,
      credential: { secret: DEV_STAND_IN_CLIENT.clientSecret },
    }),
    tokenKey: options.tokenKey ?? (await devTokenKey(options.dataDir)),
    deltaIntervalMs: (options.deltaMinutes ?? 1) * 60_000,
    standIn: {
      prefix: DEV_STAND_IN_PREFIX,
      plugin: async (app) => {
        control = registerMicrosoftStandIn(app, DEV_STAND_IN_CLIENT);
        registerStandInPages(app, () => control!);
      },
    },
    control: () => control,
  };
}
