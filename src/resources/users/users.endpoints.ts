import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableInteger, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const tags = ['Benutzer'];
const admin = { groups: [GROUPS.admin] };
const everyArea = { groups: Object.values(GROUPS) };
/** At most this many people per answer: the admin narrows a big directory down by typing. */
export const MAX_DIRECTORY_PEOPLE = 200;

/** The signed-in person's groups. */
export const getMyGroups = defineEndpoint({
  method: 'GET',
  path: 'user/myGroups',
  access: { signedIn: true },
  tags,
  summary: 'Gruppen der angemeldeten Person',
  response: Type.Array(Type.Object({ displayName: Type.String() })),
});

/** Active users of the branches whose location groups the caller has. */
export const getUsersInMyGroup = defineEndpoint({
  method: 'GET',
  path: 'user/usersInMyGroup',
  access: everyArea,
  tags,
  summary: 'Aktive Benutzer der Filialen, deren Standortgruppen die angemeldete Person hat',
  response: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      email: NullableString(),
      initials: NullableString(),
      azureOid: Type.String(),
      branchId: NullableInteger(),
      branchName: NullableString(),
    }),
  ),
});

const DirectoryPersonSchema = Type.Object({
  azureId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  username: Type.String(),
});
/** A directory person not yet described in the CRM. */
export type DirectoryPerson = Type.Static<typeof DirectoryPersonSchema>;

/** People of the directory not yet described as users. */
export const getNotDescribedUsers = defineEndpoint({
  method: 'GET',
  path: 'user/getNotDescribedUsers',
  access: admin,
  tags,
  summary: `Personen im Verzeichnis, die noch nicht als Benutzer angelegt sind (höchstens ${MAX_DIRECTORY_PEOPLE})`,
  query: Type.Object({
    azureId: Type.Optional(Type.String({ maxLength: 64, description: 'nur diese Person' })),
    search: Type.Optional(
      Type.String({ maxLength: 100, description: 'Anfang von Name, E-Mail oder Benutzername' }),
    ),
  }),
  response: Type.Array(DirectoryPersonSchema),
});

const DirectoryLocationSchema = Type.Object({
  group: Type.String(),
  name: Type.String(),
  branchId: NullableInteger(),
});
/** A location group of a person, with the branch it belongs to (if one has that group). */
export type DirectoryLocation = Type.Static<typeof DirectoryLocationSchema>;

/** A person's location groups in the directory, with the matching branch. */
export const getDirectoryLocations = defineEndpoint({
  method: 'GET',
  path: 'user/allLocationsFromAzureDirectoryForUser',
  access: admin,
  tags,
  summary: 'Standorte (APP_STANDORT-Gruppen) einer Person laut Verzeichnis, mit der passenden Filiale',
  query: Type.Object({ azureId: Type.String({ minLength: 1, maxLength: 64 }) }),
  response: Type.Array(DirectoryLocationSchema),
});

/** A person's photo from the directory (204 without content when there is none). */
export const getUserProfileImage = defineEndpoint({
  method: 'GET',
  path: 'user/getUserProfileImage/:azureId',
  access: everyArea,
  tags,
  summary: 'Profilbild einer Person aus dem Verzeichnis (Bilddaten; 204 ohne Inhalt, wenn es keines gibt)',
  kind: 'file',
  params: Type.Object({ azureId: Type.String({ minLength: 1, maxLength: 64 }) }),
});
