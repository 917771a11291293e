// Runs a bench CLI of bench/ as its own node process and keeps its output, for the benches `npm run bench`
// does not yet call as functions.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TIMEOUT_MS = 5 * 60_000;

/** One CLI bench run: what ran, how long, whether it ended well, and what it printed. */
export interface CliRun {
  command: string;
  seconds: number;
  ok: boolean;
  output: string;
}

/** Runs `bench/<file> <args>` with extra environment; ended after 5 minutes at the latest. */
export function runCli(file: string, args: string[], extraEnv: Record<string, string>): Promise<CliRun> {
  const started = Date.now();
  const command = [`bench/${file}`, ...args].join(' ');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${file}`, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += '\n(nach 5 Minuten abgebrochen)';
      child.kill('SIGTERM');
    }, TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ command, seconds: (Date.now() - started) / 1000, ok: code === 0, output: output.trim() });
    });
  });
}
