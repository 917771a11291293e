import { existsSync } from 'node:fs';
import path from 'node:path';

/** The readers of one environment variable each: a bad value throws a ConfigError naming the variable. */

/** A configuration error whose message names the bad variable in German. */
export class ConfigError extends Error {}

/**
 * The project's folder (the one with package.json): relative paths in the environment are taken from here, and
 * the built web app, public/ and sample-import/ live here. Found upwards, as the server runs from its sources
 * (server/platform/config) or from its build (dist-server/server/platform/config).
 */
export const PROJECT_ROOT = (() => {
  let folder = path.resolve(import.meta.dirname, '..', '..', '..');
  while (!existsSync(path.join(folder, 'package.json')) && path.dirname(folder) !== folder) {
    folder = path.dirname(folder);
  }
  return folder;
})();

export function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(
      `Die Umgebungsvariable ${name} muss eine ganze Zahl von ${min} bis ${max} sein (ist: "${raw}").`,
    );
  }
  return value;
}

export function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'ja'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'nein'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`Die Umgebungsvariable ${name} muss "true" oder "false" sein (ist: "${raw}").`);
}

export function oneOf<T extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(
      `Die Umgebungsvariable ${name} muss einer dieser Werte sein: ${allowed.join(', ')} (ist: "${raw}").`,
    );
  }
  return raw as T;
}

export function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new ConfigError(`Die Umgebungsvariable ${name} fehlt (${why}).`);
  return raw;
}

export function url(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`Die Umgebungsvariable ${name} muss eine gültige URL sein (ist: "${raw}").`);
  }
  return raw.replace(/\/$/, '');
}

export function matching(
  env: NodeJS.ProcessEnv,
  name: string,
  pattern: RegExp,
  example: string,
  fallback: string,
) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!pattern.test(raw)) {
    throw new ConfigError(`Die Umgebungsvariable ${name} muss wie "${example}" aussehen (ist: "${raw}").`);
  }
  return raw;
}

/** A path on this server ("/…") or an absolute http(s) URL. */
export function location(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw.replace(/\/$/, '') || '/';
  return url(env, name, fallback)!;
}
