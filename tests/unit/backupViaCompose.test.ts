import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/*
 * The compose recipe of scripts/backup.sh and restore.sh (BACKUP_VIA=compose). No container engine runs here,
 * so `docker` is a stand-in that notes each call and runs it as the container would: `exec -T postgres pg_dump`
 * prints a dump, `exec`/`run … app1 sh -c <script>` runs the script with the app container's settings (its
 * DATA_DIR). What is tested is the scripts' part: which container runs what, and what they write on the host.
 * The host path (pg_dump of a real database, age) is the topology test's.
 */
describe('backup and restore with docker compose (BACKUP_VIA=compose)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fenster-crm-compose-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const calls = path.join(dir, 'calls');
  const docker = path.join(dir, 'docker');
  writeFileSync(
    docker,
    `#!/bin/sh
printf "%s\\n" "$*" | head -n 1 >> "${calls}"
[ "$1 $2" = "compose -f" ] || exit 9
shift 3
case "$1 $2 $3 $4 $5" in
  "exec -T postgres pg_dump -U") printf 'PGDMP aus dem postgres-Container' ;;
  "exec -T postgres psql -U") echo 0 ;;
  "exec -T postgres pg_restore -U") cat > "${dir}/restored.dump" ;;
  "exec -T app1 sh -c"*) shift 3; cd "${ROOT}" && DATA_DIR="${dir}/app-data" "$@" ;;
  "run --rm --no-deps -T app1") shift 5; cd "${ROOT}" && DATA_DIR="${dir}/restored-data" "$@" ;;
  *) exit 9 ;;
esac
`,
    { mode: 0o755 },
  );
  const env = { ...process.env, BACKUP_VIA: 'compose', DOCKER: docker, DATABASE_URL: '' };
  for (const [folder, file] of [
    ['files', 'a1b2.pdf'],
    ['downloads', 'Preisliste.pdf'],
    ['import', 'kunden.csv'],
  ] as const) {
    mkdirSync(path.join(dir, 'app-data', folder), { recursive: true });
    writeFileSync(path.join(dir, 'app-data', folder, file), `${folder} im Container`);
  }

  it('dumps with the postgres container’s pg_dump, tars the folders inside app1, and restores through them', () => {
    const backupDir = path.join(dir, 'backups');
    const backup = spawnSync('bash', [path.join(ROOT, 'scripts/backup.sh')], {
      encoding: 'utf8',
      env: { ...env, BACKUP_DIR: backupDir },
    });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const compose = `compose -f ${ROOT}/deploy/compose.yaml`;
    const made = readFileSync(calls, 'utf8').split('\n').filter(Boolean);
    expect(made[0]).toBe(
      `${compose} exec -T postgres pg_dump -U fenster --format=custom --no-owner --no-privileges fenster_crm`,
    );
    expect(made.slice(1).every((call) => call.startsWith(`${compose} exec -T app1 sh -c `))).toBe(true);
    expect(made).toHaveLength(4);

    const [name] = readdirSync(backupDir);
    const backupPath = path.join(backupDir, name!);
    expect(readdirSync(backupPath).sort()).toEqual([
      'SHA256SUMS',
      'database.dump',
      'downloads.tar',
      'files.tar',
      'import.tar',
    ]);
    expect(statSync(backupPath).mode & 0o777).toBe(0o700);
    for (const part of readdirSync(backupPath)) {
      expect(statSync(path.join(backupPath, part)).mode & 0o777, part).toBe(0o600);
    }
    expect(readFileSync(path.join(backupPath, 'database.dump'), 'utf8')).toBe(
      'PGDMP aus dem postgres-Container',
    );

    writeFileSync(calls, '');
    const restore = spawnSync('bash', [path.join(ROOT, 'scripts/restore.sh'), backupPath], {
      encoding: 'utf8',
      env,
    });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const restoring = readFileSync(calls, 'utf8').split('\n').filter(Boolean);
    expect(restoring.filter((call) => call.includes(' pg_restore '))).toEqual([
      `${compose} exec -T postgres pg_restore -U fenster -d fenster_crm --exit-on-error --no-owner --no-privileges --single-transaction`,
    ]);
    expect(readFileSync(path.join(dir, 'restored.dump'), 'utf8')).toBe('PGDMP aus dem postgres-Container');
    // The app's instances are stopped during a restore: the folders are unpacked by a one-off app1 container.
    expect(restoring.filter((call) => call.includes(' app1 '))).toHaveLength(4);
    expect(
      restoring.filter((call) => call.includes(' app1 ')).every((call) => call.includes(' run --rm ')),
    ).toBe(true);
    for (const [folder, file] of [
      ['files', 'a1b2.pdf'],
      ['downloads', 'Preisliste.pdf'],
      ['import', 'kunden.csv'],
    ]) {
      expect(readFileSync(path.join(dir, 'restored-data', folder, file!), 'utf8')).toBe(
        `${folder} im Container`,
      );
    }
  });
});
