import { readFileSync } from 'node:fs';
import * as yup from 'yup';

/** A person the development identity provider can sign in, with their directory groups. */
export interface DemoUser {
  username: string;
  name: string;
  email: string;
  oid: string;
  description?: string;
  groups: string[];
  /** False for people who are in the directory but not yet described in the CRM's demo data. */
  describedInDemoData?: boolean;
}

const demoUserSchema = yup.object({
  username: yup
    .string()
    .required()
    .matches(/^[a-z0-9._-]+$/),
  name: yup.string().required(),
  email: yup.string().email().required(),
  oid: yup.string().required(),
  description: yup.string(),
  groups: yup.array(yup.string().required()).required(),
  describedInDemoData: yup.boolean(),
});

/** Reads the demo user file; a broken file stops the start with a German message naming it. */
export function loadDemoUsers(file: string): DemoUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Die Datei der Demo-Benutzer ${file} ist nicht lesbar: ${String(error)}`, {
      cause: error,
    });
  }
  if (!Array.isArray(parsed))
    throw new Error(`Die Datei der Demo-Benutzer ${file} muss eine Liste enthalten.`);
  const users = parsed.map((entry, index) => {
    try {
      return demoUserSchema.validateSync(entry, { stripUnknown: true }) as DemoUser;
    } catch (error) {
      throw new Error(`Demo-Benutzer Nr. ${index + 1} in ${file} ist ungültig: ${(error as Error).message}`, {
        cause: error,
      });
    }
  });
  const names = new Set(users.map((u) => u.username));
  if (names.size !== users.length) throw new Error(`In ${file} kommt ein Benutzername doppelt vor.`);
  return users;
}
