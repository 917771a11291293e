import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { GROUPS } from '../../auth/groups';

/** Which article numbers a pattern matches (an invalid pattern: a German message, not an error). */
export const testRegexArticleAlias = defineEndpoint({
  method: 'POST',
  path: 'adminExtended/testRegexArticleAlias',
  access: { groups: [GROUPS.admin] },
  tags: ['Artikel'],
  summary: 'Muster testen: welche Artikelnummern passen (ungültige Muster: deutsche Meldung, kein Fehler)',
  body: Type.Object({ pattern: Type.String({ maxLength: 200 }) }),
  response: Type.Object({
    valid: Type.Boolean(),
    message: Type.Optional(Type.String()),
    total: Type.Integer(),
    matches: Type.Array(
      Type.Object({ id: Type.Integer(), articleNumber: Type.String(), name: Type.String() }),
    ),
  }),
});
