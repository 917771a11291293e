import type { VerifiedToken } from './verifyToken';

/** A person in the company directory (Entra ID, or the demo user file in development). */
export interface DirectoryPerson {
  azureId: string;
  name: string;
  email: string;
  username: string;
}

/** The caller's verified token and its raw form: Graph is asked on the caller's behalf. */
export interface Credentials {
  token: VerifiedToken;
  raw: string;
}

export interface ProfilePhoto {
  contentType: string;
  bytes: Buffer;
}

/** Read access to the directory for Admin-Benutzer: people, their groups and photos. */
export interface Directory {
  /** People whose name, e-mail or user name starts with `search` (all when empty), by name. */
  people(credentials: Credentials, search: string): Promise<DirectoryPerson[]>;
  /** One person, or null when the directory does not know the id. */
  person(credentials: Credentials, azureId: string): Promise<DirectoryPerson | null>;
  /** Names of the person's groups (transitively); null when the directory does not know the id. */
  groupsOf(credentials: Credentials, azureId: string): Promise<string[] | null>;
  /** Ids of the people in the group of this name (transitively); empty when there is no such group. */
  membersOf(credentials: Credentials, groupName: string): Promise<string[]>;
  /** The person's profile photo, or null when there is none. */
  photoOf(credentials: Credentials, azureId: string): Promise<ProfilePhoto | null>;
}
