import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { exited, stopProcess, waitFor } from './processes';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** One app instance of the topology: the production entry point (server/main.ts) as a process of its own. */
export interface AppInstance {
  readonly port: number;
  /** Its own address, bypassing nginx. */
  readonly url: string;
  readonly process: ChildProcess | undefined;
  /** Starts it and waits until it is ready (/api/health/ready). */
  start: () => Promise<void>;
  /** SIGTERM, as a deployment sends it: the instance drains and exits; resolves with its exit code. */
  stop: () => Promise<number | null>;
}

export function appInstance(port: number, env: Record<string, string>, logFile: string): AppInstance {
  let child: ChildProcess | undefined;
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    get process() {
      return child;
    },
    start: async () => {
      // The log goes straight to its file (not through this process), so its last lines survive our exit.
      const log = openSync(logFile, 'a');
      // tsx as a loader, not its CLI: the CLI forks a child, and a signal to the parent would not drain it.
      const current = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', log, log],
        detached: true,
      });
      closeSync(log);
      child = current;
      await waitFor(
        async () => {
          if (current.exitCode !== null) throw new Error('beendet');
          return (await fetch(`${url}/api/health/ready`)).ok;
        },
        180_000,
        () => `Die Instanz auf Port ${port} kam nicht hoch (Protokoll: ${logFile}).`,
      );
      if (current.exitCode !== null) {
        throw new Error(`Die Instanz auf Port ${port} ist beendet (Protokoll: ${logFile}).`);
      }
    },
    stop: async () => {
      const current = child;
      if (!current) return null;
      // Drain (SHUTDOWN_DELAY_MS + in-flight requests) and exit; beyond a minute something hangs.
      await stopProcess(current, 'SIGTERM', 60_000);
      await exited(current);
      return current.exitCode;
    },
  };
}
