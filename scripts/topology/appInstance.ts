import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { exited, stopProcess, waitFor } from './processes';
import { SERVER_ENTRY } from './serverBuild';

const ROOT = path.resolve(import.meta.dirname, '../..');

// A crash loop (an instance that dies again right after each start) is given up after this many restarts in a
// row that did not stay up for a minute: what it writes at start belongs in front of a person, not in a loop.
const MAX_QUICK_RESTARTS = 5;
const STAYED_UP_MS = 60_000;

/**
 * One app instance of the topology: the production build (`node dist-server/server/main.js`) as a process of
 * its own, restarted when it ends without being asked to, as systemd's `Restart=on-failure` or a container's
 * restart policy does in production.
 */
export interface AppInstance {
  readonly port: number;
  /** Its own address, bypassing nginx. */
  readonly url: string;
  readonly process: ChildProcess | undefined;
  /** How often it was started again after it ended unasked. */
  readonly restarts: number;
  /** Starts it and waits until it is ready (/api/health/ready). */
  start: () => Promise<void>;
  /** SIGTERM, as a deployment sends it: the instance drains and exits; resolves with its exit code. */
  stop: () => Promise<number | null>;
}

export interface AppInstanceOptions {
  /** Its name in what `report` says ("Instanz 2"). */
  name: string;
  /** Receives a line whenever the instance ended unasked, is being restarted, or is ready again. */
  report?: (line: string) => void;
}

export function appInstance(
  port: number,
  env: Record<string, string>,
  logFile: string,
  options: AppInstanceOptions,
): AppInstance {
  let child: ChildProcess | undefined;
  let stopping = false;
  // Watched only once it was ready: a first start that fails is the caller's to report, not to repeat.
  let supervised = false;
  let restarts = 0;
  let quickRestarts = 0;
  const url = `http://127.0.0.1:${port}`;
  const report = options.report ?? (() => undefined);
  const label = `${options.name} (Port ${port})`;

  const launch = async () => {
    // The log goes straight to its file (not through this process), so its last lines survive our exit.
    const log = openSync(logFile, 'a');
    // node itself (not npm) runs the build: the signal reaches the server, which drains.
    const current = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    child = current;
    const startedAt = Date.now();
    current.once('exit', (code, signal) => {
      if (stopping || !supervised || child !== current) return;
      quickRestarts = Date.now() - startedAt < STAYED_UP_MS ? quickRestarts + 1 : 0;
      const how = code !== null ? `Code ${code}` : `Signal ${signal}`;
      if (quickRestarts > MAX_QUICK_RESTARTS) {
        report(
          `${label} hat sich ${MAX_QUICK_RESTARTS + 1}-mal gleich nach dem Start beendet (${how}); ` +
            `kein weiterer Neustart. Protokoll: ${logFile}`,
        );
        return;
      }
      report(`${label} hat sich unerwartet beendet (${how}); starte sie neu … (Protokoll: ${logFile})`);
      void restart();
    });
    await waitFor(
      async () => {
        if (current.exitCode !== null || current.signalCode !== null) throw new Error('beendet');
        return (await fetch(`${url}/api/health/ready`)).ok;
      },
      180_000,
      () => `Die Instanz auf Port ${port} kam nicht hoch (Protokoll: ${logFile}).`,
    );
    if (current.exitCode !== null || current.signalCode !== null) {
      throw new Error(`Die Instanz auf Port ${port} ist beendet (Protokoll: ${logFile}).`);
    }
  };

  const restart = async () => {
    const since = Date.now();
    // A pause after a quick end, so a crash loop does not spin.
    if (quickRestarts > 1) await new Promise((resolve) => setTimeout(resolve, 1000 * quickRestarts));
    if (stopping) return;
    restarts += 1;
    try {
      await launch();
      report(`${label} ist wieder bereit (nach ${((Date.now() - since) / 1000).toFixed(1)} s).`);
    } catch (error) {
      // Its exit handler has already reported and restarts it again (or gives up).
      if (!stopping && child?.exitCode === null) report(`${label}: ${(error as Error).message}`);
    }
  };

  return {
    port,
    url,
    get process() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    start: async () => {
      stopping = false;
      await launch();
      supervised = true;
    },
    stop: async () => {
      stopping = true;
      const current = child;
      if (!current) return null;
      // Drain (SHUTDOWN_DELAY_MS + in-flight requests) and exit; beyond a minute something hangs.
      await stopProcess(current, 'SIGTERM', 60_000);
      await exited(current);
      return current.exitCode;
    },
  };
}
