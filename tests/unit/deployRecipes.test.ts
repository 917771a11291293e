import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const ENTRY = 'dist-server/server/main.js';

/** A port nobody listens on (taken and given back). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// The ways production starts the server name the same build, and none needs the dev tools (tsx, TypeScript).
// The container recipes cannot run here (no container engine): their text is checked; the systemd unit is
// checked by systemd itself (systemd-analyze verify, Debian's package systemd).
describe('the recipes that start the server in production', () => {
  it('run the server’s build with node: npm run serve, the container image, the systemd unit', () => {
    const pkg = JSON.parse(read('package.json')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts.build).toContain('node scripts/buildServer.mjs');
    expect(pkg.scripts.serve).toBe(`node ${ENTRY}`);
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    // The build is there after npm run build (CI builds before the tests).
    expect(existsSync(path.join(ROOT, ENTRY)), 'npm run build vor diesem Test').toBe(true);

    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^CMD \["node", "dist-server\/server\/main\.js"\]$/m);
    expect(dockerfile).toContain('COPY --from=build /app/dist-server ./dist-server');
    expect(dockerfile).not.toMatch(/tsx|COPY server |COPY src /);

    const unit = read('deploy/systemd/fenster-crm@.service');
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/node ${ENTRY}$`, 'm'));
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(
      /^ExecStartPost=\/usr\/bin\/node deploy\/systemd\/wait-ready\.mjs http:\/\/127\.0\.0\.1:%i\/api\/health\/ready \d+$/m,
    );
  });

  it('give compose’s app containers an init process as PID 1 and a name each', () => {
    const compose = read('deploy/compose.yaml');
    const anchor = compose.split('x-app: &app')[1]!.split('\nservices:')[0]!;
    expect(anchor).toMatch(/^ {2}init: true$/m);
    for (const app of ['app1', 'app2']) {
      expect(compose).toMatch(new RegExp(`^ {2}${app}:\\n {4}<<: \\*app\\n {4}hostname: ${app}$`, 'm'));
    }
  });

  it('has a systemd unit that systemd accepts without a warning', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fenster-crm-unit-'));
    try {
      // An instance of the template, with this machine's node (the unit names /usr/bin/node).
      const unit = read('deploy/systemd/fenster-crm@.service').replaceAll('/usr/bin/node', process.execPath);
      const file = path.join(dir, 'fenster-crm@3101.service');
      writeFileSync(file, unit);
      const result = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
      expect(result.error, 'systemd-analyze fehlt: apt-get install systemd').toBeUndefined();
      expect(`${result.stdout}${result.stderr}`).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('waits for readiness in the unit (wait-ready.mjs) and gives up with a German message', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/api/health/ready`;
    const result = spawnSync(process.execPath, [path.join(ROOT, 'deploy/systemd/wait-ready.mjs'), url, '1'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${url} ist nach 1 s nicht bereit (zuletzt: ECONNREFUSED).`);
  });

  it('restarts the instances of a rolling update one by one and stops at the first that does not become ready', () => {
    // systemctl stands in for systemd here: it notes each call, lists three running instances, and fails the
    // restart of 3102 as systemd does when the unit's ExecStartPost (the readiness wait) fails.
    const dir = mkdtempSync(path.join(tmpdir(), 'fenster-crm-rolling-'));
    try {
      const calls = path.join(dir, 'calls');
      writeFileSync(
        path.join(dir, 'systemctl'),
        `#!/bin/sh
echo "$*" >> ${calls}
case "$1" in
  list-units) printf 'fenster-crm@3101.service loaded active running X\\nfenster-crm@3102.service loaded active running X\\nfenster-crm@3103.service loaded active running X\\n' ;;
  restart) [ "$2" != fenster-crm@3102.service ] ;;
esac
`,
        { mode: 0o755 },
      );
      const result = spawnSync('bash', [path.join(ROOT, 'deploy/systemd/rolling-update.sh')], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Instanz 3102 ist nicht bereit geworden: Abbruch');
      expect(
        readFileSync(calls, 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('restart')),
      ).toEqual(['restart fenster-crm@3101.service', 'restart fenster-crm@3102.service']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
