import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/platform/config/env';
import { startServer } from '../../server/start';
import { freePort } from './freePort';
import { productUnderTest } from './productUnderTest';

/**
 * A second instance of the product under test, as a second node of a deployment: its own port, sign-in and
 * data folder, the same PostgreSQL (DATABASE_URL), so what one instance writes the other pushes.
 */
export async function startSecondInstance(
  options: { webRoot?: string } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-e2e-b-'));
  const port = await freePort();
  const config = readConfig({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: productUnderTest().databaseUrl,
    // The demo sign-in, as on the first instance (DATABASE_URL alone means production).
    DEMO: 'true',
    LOG_LEVEL: 'warn',
    // A web app of its own (a deployment the test changes) instead of the build every instance serves.
    ...(options.webRoot ? { WEB_ROOT: options.webRoot } : {}),
  });
  const server = await startServer(config);
  return {
    url: config.publicUrl,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
