import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuild, SERVER_ENTRY } from '../../../scripts/topology/serverBuild';
import {
  assertPostgresUserCanReach,
  closedFolderOnTheWay,
} from '../../../server/platform/db/postgresUserAccess';
import { freePort } from '../../support/freePort';

const isRoot = process.getuid?.() === 0;

describe('the bundled PostgreSQL and folders its system user cannot enter', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-rights-'));
    await chmod(dir, 0o755);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finds the first folder on the way that a user may not enter, by owner, group and other rights', async () => {
    const closed = path.join(dir, 'zu');
    await mkdir(path.join(closed, 'innen'), { recursive: true });
    await chmod(closed, 0o750);
    const stranger = { uid: 4_000_001, gid: 4_000_001 };
    expect(await closedFolderOnTheWay(path.join(closed, 'innen', 'daten'), stranger)).toBe(closed);
    // The owner and the folder's group may enter it; so may everyone once it allows others in.
    const owner = { uid: process.getuid!(), gid: 4_000_001 };
    const group = { uid: 4_000_001, gid: process.getgid!() };
    expect(await closedFolderOnTheWay(path.join(closed, 'innen'), owner)).toBeUndefined();
    expect(await closedFolderOnTheWay(path.join(closed, 'innen'), group)).toBeUndefined();
    await chmod(closed, 0o751);
    expect(await closedFolderOnTheWay(path.join(closed, 'innen', 'daten'), stranger)).toBeUndefined();
  });

  it('names the programs’ folder when the project lies below a folder closed to the postgres user', async () => {
    const project = path.join(dir, 'projekt');
    const programs = path.join(project, 'node_modules', 'pg', 'bin');
    await mkdir(programs, { recursive: true });
    await chmod(project, 0o700);
    await expect(assertPostgresUserCanReach(path.join(dir, 'daten'), programs)).rejects.toThrow(
      `darf den Ordner ${project} nicht betreten (Rechte 0700`,
    );
  });

  // Only root runs PostgreSQL as another user (as root it must not run as root): the situation exists only then.
  it.runIf(isRoot)(
    '`npm start` as root with DATA_DIR below such a folder stops with a German message naming DATA_DIR and what to do',
    async () => {
      await ensureServerBuild();
      const closed = path.join(dir, 'privat');
      await mkdir(closed);
      await chmod(closed, 0o700);
      const dataDir = path.join(closed, 'crm', 'data');
      const child = spawn(process.execPath, [SERVER_ENTRY], {
        env: {
          ...process.env,
          PORT: String(await freePort()),
          EMBEDDED_PG_PORT: String(await freePort()),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += String(chunk)));
      child.stderr.on('data', (chunk) => (output += String(chunk)));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(
        `Konfigurationsfehler: Die eingebettete Datenbank kann nicht starten: Der Server läuft als root`,
      );
      expect(output).toContain(`darf den Ordner ${closed} nicht betreten`);
      expect(output).toContain(`DATA_DIR=${dataDir}`);
      expect(output).toContain('Abhilfe: DATA_DIR auf einen Ordner legen');
      // No English stack trace of initdb or spawn.
      expect(output).not.toMatch(/EACCES|Permission denied|\n\s+at /);
    },
    120_000,
  );
});
