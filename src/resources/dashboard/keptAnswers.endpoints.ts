import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { GROUPS } from '../../auth/groups';

/** Most answers one call asks for: the client splits a fill into calls of this many. */
export const KEPT_ANSWERS_PER_CALL = 150;

/**
 * The kept copy's fill in a few calls instead of one per answer: the server answers each named GET (only the
 * answers the device keeps, `keptPaths.rules.ts`) as that call would answer the caller, with its own checks.
 */
export const getKeptAnswers = defineEndpoint({
  method: 'POST',
  path: 'dashboard/getKeptAnswers',
  access: { groups: [GROUPS.kunde] },
  tags: ['Dashboard'],
  summary:
    'Offline-Kopie auffüllen (neuer Aufruf): die genannten Abfragen (Mein Tag, Kunden- und Vorgangsseiten) auf einmal, je mit ihren Rechten',
  body: Type.Object({
    paths: Type.Array(Type.String({ minLength: 1, maxLength: 600 }), {
      minItems: 1,
      maxItems: KEPT_ANSWERS_PER_CALL,
      description: 'Pfad unter /api mit Abfrage, wie ihn die Seite aufruft (z. B. kunde/getSingleCustomer/5)',
    }),
  }),
  response: Type.Object({
    answers: Type.Array(
      Type.Object({
        path: Type.String(),
        statusCode: Type.Integer({ description: '200, sonst die Ablehnung des Aufrufs (403, 404)' }),
        result: Type.Unknown({ description: 'Das Ergebnis des Aufrufs (bei 200)' }),
      }),
    ),
  }),
});
