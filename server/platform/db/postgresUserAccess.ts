import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config/envValues';

/** A system user as the file system judges it: its user and group id. */
export interface SystemUser {
  uid: number;
  gid: number;
}

/**
 * The first folder on the way from "/" to `target` (target included, as far as it exists) that `user` may not
 * enter (no x right for it as owner, group or other); undefined when it may reach the target.
 */
export async function closedFolderOnTheWay(target: string, user: SystemUser): Promise<string | undefined> {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const folder = path.join(path.sep, ...parts.slice(0, i));
    const entry = await stat(folder).catch(() => undefined);
    // What does not exist yet is made by the server, readable for everyone (umask 022).
    if (!entry) return undefined;
    if (!entry.isDirectory()) continue;
    const bit = entry.uid === user.uid ? 0o100 : entry.gid === user.gid ? 0o010 : 0o001;
    if ((entry.mode & bit) === 0) return folder;
  }
  return undefined;
}

/** The system user "postgres" from /etc/passwd; one that does not exist yet counts as a stranger. */
async function postgresUser(): Promise<SystemUser> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const line = passwd.split('\n').find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : { uid: -1, gid: -1 };
}

const rights = async (folder: string) => {
  const entry = await stat(folder);
  return `Rechte ${(entry.mode & 0o777).toString(8).padStart(4, '0')}, Eigentümer-ID ${entry.uid}`;
};

/**
 * As root, the bundled PostgreSQL runs as the system user "postgres" (PostgreSQL refuses root): it must be able
 * to enter the folders down to the data folder and to its own programs. Checked before anything starts, so a
 * folder closed to it (a project or DATA_DIR below /root, say) ends in a German message that says what to do,
 * instead of initdb's "Permission denied" or an unhandled `spawn … EACCES`.
 */
export async function assertPostgresUserCanReach(dataDir: string, programsDir: string): Promise<void> {
  const user = await postgresUser();
  // DATA_DIR itself is opened by the server (letOthersEnter), the folders above it are not its to change.
  const closedToData = await closedFolderOnTheWay(path.dirname(dataDir), user);
  if (closedToData) {
    throw new ConfigError(
      `Die eingebettete Datenbank kann nicht starten: Der Server läuft als root, die Datenbank deshalb als ` +
        `Benutzer „postgres“, und der darf den Ordner ${closedToData} nicht betreten (${await rights(closedToData)}). ` +
        `Er liegt auf dem Weg zum Datenordner DATA_DIR=${dataDir}. Abhilfe: DATA_DIR auf einen ` +
        `Ordner legen, den jeder betreten darf (z. B. DATA_DIR=/var/lib/fenster-crm), oder das Betreten ` +
        `erlauben (chmod o+x ${closedToData}), oder den Server als gewöhnlicher Benutzer starten, oder mit ` +
        `DATABASE_URL eine eigene PostgreSQL angeben.`,
    );
  }
  const closedToPrograms = await closedFolderOnTheWay(programsDir, user);
  if (closedToPrograms) {
    throw new ConfigError(
      `Die eingebettete Datenbank kann nicht starten: Der Server läuft als root, die Datenbank deshalb als ` +
        `Benutzer „postgres“, und der darf den Ordner ${closedToPrograms} nicht betreten ` +
        `(${await rights(closedToPrograms)}), in dem ihre Programme liegen (${programsDir}; DATA_DIR=` +
        `${dataDir} ist nicht die Ursache). Abhilfe: das Projekt in einen Ordner legen, den jeder ` +
        `betreten darf (z. B. /opt/fenster-crm statt /root), oder den Server als gewöhnlicher Benutzer starten, ` +
        `oder mit DATABASE_URL eine eigene PostgreSQL angeben.`,
    );
  }
}
