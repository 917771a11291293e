import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';

/** What PostgreSQL's postmaster.pid says about the server that holds a data folder. */
export interface PostmasterLock {
  pid: number;
  dataDir: string;
  port: number;
}

/** Reads `postmaster.pid` of a data folder (line 1 pid, 2 data folder, 4 port); undefined when absent. */
export async function readPostmasterLock(dataDir: string): Promise<PostmasterLock | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, dataDir: lines[1] ?? '', port };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, but as someone we may not signal; still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The program name and arguments of a running process (Linux /proc), or undefined. */
async function commandLineOf(pid: number): Promise<string[] | undefined> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

const sameFolder = async (a: string, b: string) => {
  const resolve = (p: string) => realpath(p).catch(() => path.resolve(p));
  return (await resolve(a)) === (await resolve(b));
};

export type LeftoverVerdict =
  | { kind: 'none' }
  /** A PostgreSQL of our own data folder and port that outlived its server process (kill -9). */
  | { kind: 'ours'; pid: number }
  /** The lock names a live process that is not our PostgreSQL: never touch it. */
  | { kind: 'foreign'; reason: string };

/**
 * Decides whether the data folder is held by a PostgreSQL we left running: the pid in postmaster.pid is
 * alive, is a postgres program started on this data folder, and the lock names our folder and port.
 * A stale lock (pid gone) is 'none': PostgreSQL itself removes it on start.
 */
export async function judgeLeftover(dataDir: string, port: number): Promise<LeftoverVerdict> {
  const lock = await readPostmasterLock(dataDir);
  if (!lock || !isAlive(lock.pid)) return { kind: 'none' };
  const command = await commandLineOf(lock.pid);
  if (!command) return { kind: 'foreign', reason: `Prozess ${lock.pid} ist nicht lesbar` };
  const program = path.basename(command[0] ?? '');
  if (program !== 'postgres' && program !== 'postmaster') {
    return { kind: 'foreign', reason: `Prozess ${lock.pid} ist kein PostgreSQL (${program})` };
  }
  const dashD = command.indexOf('-D');
  const startedOn = dashD >= 0 ? command[dashD + 1] : undefined;
  if (!startedOn || !(await sameFolder(startedOn, dataDir)) || !(await sameFolder(lock.dataDir, dataDir))) {
    return { kind: 'foreign', reason: `PostgreSQL ${lock.pid} gehört zu einem anderen Datenordner` };
  }
  if (lock.port !== port) {
    return { kind: 'foreign', reason: `PostgreSQL ${lock.pid} läuft auf Port ${lock.port}, nicht ${port}` };
  }
  return { kind: 'ours', pid: lock.pid };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Stops our own leftover PostgreSQL: "fast" shutdown (SIGINT: ends sessions, writes a checkpoint),
 * then "immediate" (SIGQUIT: crash-safe, WAL replay on the next start) if it does not end in time.
 */
export async function stopLeftoverPostgres(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 10_000)) return;
  throw new Error(`Die übrig gebliebene PostgreSQL (Prozess ${pid}) lässt sich nicht beenden.`);
}
