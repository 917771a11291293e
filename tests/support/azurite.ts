import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AzureBlobConfig } from '../../server/platform/files/azureBlobObjects';
import { freePort } from './freePort';

// Azurite's well-known development account (documented by Microsoft; not a secret).
const ACCOUNT = 'devstoreaccount1';
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
// Azurite is held at 3.33.0 (package.json): from 3.34 on it brings Application Insights and OpenTelemetry along,
// about 22,000 files (a seventh of node_modules) that every `npm ci` unpacks for an emulator whose telemetry the
// tests would switch off anyway. The blob API the tests use is the same (the API version check is skipped below).
const MAIN = path.resolve('node_modules/azurite/dist/src/blob/main.js');

export interface Azurite {
  /** The settings an instance needs for FILE_STORE=azure on this emulator. */
  config: AzureBlobConfig;
  /** Stops the emulator (its blobs stay in its folder), as a store that is briefly away. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and folder. */
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  close: () => Promise<void>;
}

function portAnswers(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Microsoft's Blob Storage emulator (Azurite, from npm) as a child process on a free port, its data in a
 * /tmp folder so a stop and start keeps the blobs.
 */
export async function startAzurite(): Promise<Azurite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-azurite-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      process.execPath,
      [MAIN, '--blobHost', '127.0.0.1', '--blobPort', String(port), '--location', dir].concat([
        '--silent',
        '--skipApiVersionCheck',
        '--loose',
      ]),
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child = started;
    const deadline = Date.now() + 20_000;
    while (!(await portAnswers(port))) {
      if (started.exitCode !== null) throw new Error(`Azurite endete mit ${started.exitCode}`);
      if (Date.now() > deadline) throw new Error('Azurite startete nicht binnen 20 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // SIGTERM: Azurite closes its server and writes its metadata before it exits.
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    config: {
      connectionString: `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${KEY};BlobEndpoint=http://127.0.0.1:${port}/${ACCOUNT};`,
      container: 'fenster-crm-test',
    },
    stop,
    start,
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
