import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Runs a command to its end; rejects with its output when it fails. */
export function run(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} (Code ${code}):\n${output}`)),
    );
  });
}

/** Resolves once the process has exited (at once when it already has). */
export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/** Sends `signal`, and SIGKILL when the process is still there after `graceMs`. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/** Polls `check` until it resolves true; throws `failure()` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, failure: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the machine runs as root (then PostgreSQL runs as the postgres system user, apt-get without sudo). */
export const isRoot = () => process.getuid?.() === 0;
