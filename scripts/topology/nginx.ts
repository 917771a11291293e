import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { isRoot, run, stopProcess, waitFor } from './processes';

const TEMPLATE = path.resolve(import.meta.dirname, '../../deploy/nginx/fenster-crm.conf.template');

/** Where nginx is, installing Debian's package when it is missing (as .ci/run does). */
export async function ensureNginx(): Promise<string> {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) =>
    existsSync(file),
  );
  if (found) return found;
  console.log('nginx fehlt: installiere Debians Paket nginx …');
  const sudo = isRoot() ? [] : ['sudo'];
  const apt = (args: string[]) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args);
  await apt(['update', '-qq']);
  await apt(['install', '-y', '-qq', 'nginx']);
  if (!existsSync('/usr/sbin/nginx')) throw new Error('nginx konnte nicht installiert werden.');
  return '/usr/sbin/nginx';
}

/** A self-signed certificate for `host` (and localhost, 127.0.0.1), made with openssl at start. */
export async function selfSignedCertificate(dir: string, host: string) {
  const certFile = path.join(dir, 'tls.crt');
  const keyFile = path.join(dir, 'tls.key');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '30',
    '-subj',
    `/CN=${host}`,
    '-addext',
    `subjectAltName=DNS:${host},DNS:localhost,IP:127.0.0.1`,
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return { certFile, keyFile };
}

export interface NginxOptions {
  runDir: string;
  listenHost: string;
  port: number;
  serverName: string;
  appPorts: readonly number[];
  maxBodyMb: number;
  certFile: string;
  keyFile: string;
  /** The folder of the topology's logs: nginx's error log goes there, and its access log unless it is off. */
  logDir: string;
  /** The access log (JSON lines, `fenster_json`), or none (benchmarks). */
  accessLog: boolean;
  workerProcesses?: number | 'auto';
}

/** Fills the template in deploy/nginx with this topology's values. */
export async function renderNginxConfig(options: NginxOptions): Promise<string> {
  const template = await readFile(TEMPLATE, 'utf8');
  const values: Record<string, string> = {
    WORKER_PROCESSES: String(options.workerProcesses ?? 'auto'),
    RUN_DIR: options.runDir,
    ERROR_LOG: path.join(options.logDir, 'nginx-error.log'),
    ACCESS_LOG: options.accessLog ? `${path.join(options.logDir, 'nginx-access.log')} fenster_json` : 'off',
    MAX_BODY_MB: String(options.maxBodyMb),
    APP_SERVERS: options.appPorts
      .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=3s;`)
      .join('\n'),
    SIGNIN_SERVER: `    server 127.0.0.1:${options.appPorts[0]};`,
    LISTEN_HOST: options.listenHost,
    LISTEN_PORT: String(options.port),
    SERVER_NAME: options.serverName,
    CERT_FILE: options.certFile,
    KEY_FILE: options.keyFile,
  };
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Die nginx-Vorlage nennt ${whole}, das nicht gesetzt ist.`);
    return value;
  });
}

export interface RunningNginx {
  configFile: string;
  /** The master's process id (its workers are its children). */
  pid: number;
  /** Rewrites the configuration with other upstream ports and reloads it (SIGHUP: no connection is lost). */
  reload: (appPorts: readonly number[]) => Promise<void>;
  stop: () => Promise<void>;
}

/** Writes the configuration, checks it (nginx -t) and runs nginx in the foreground as a child. */
export async function startNginx(binary: string, options: NginxOptions): Promise<RunningNginx> {
  await mkdir(options.runDir, { recursive: true });
  const configFile = path.join(options.runDir, 'nginx.conf');
  await writeFile(configFile, await renderNginxConfig(options));
  await run(binary, ['-t', '-q', '-p', options.runDir, '-c', configFile]);
  const child: ChildProcess = spawn(binary, ['-p', options.runDir, '-c', configFile], {
    stdio: 'ignore',
    detached: true,
  });
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(options.port, options.listenHost, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error('beendet');
      return listening();
    },
    10_000,
    () => `nginx lauscht nicht auf Port ${options.port} (${path.join(options.logDir, 'nginx-error.log')}).`,
  );
  return {
    configFile,
    pid: child.pid!,
    reload: async (appPorts) => {
      await writeFile(configFile, await renderNginxConfig({ ...options, appPorts }));
      await run(binary, ['-t', '-q', '-p', options.runDir, '-c', configFile]);
      child.kill('SIGHUP');
      // The new workers take over within moments; the old ones finish their requests.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    },
    // SIGQUIT: graceful (open requests finish).
    stop: () => stopProcess(child, 'SIGQUIT', 10_000),
  };
}
