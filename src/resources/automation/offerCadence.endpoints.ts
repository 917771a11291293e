import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, IdParams, NullableObject, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

// The seller's side of an online offer's follow-up: whoever may edit the Vorgang (its single edit's group).
const access = { groups: [GROUPS.kunde] };
const tags = ['Vorgänge: Nachfassen eines Online-Angebots'];

export const OfferCadenceSchema = Type.Object({
  /** The latest online offer of the Vorgang; null when none was sent. */
  sentAt: NullableString({ description: 'Zeitpunkt, zu dem der Angebotslink gesendet wurde (ISO)' }),
  validUntil: NullableString({ description: 'Gültig bis (yyyy-MM-dd)' }),
  /** The next step of the active cadence automations, or null (none left, or the follow-up ended). */
  nextStep: NullableObject(
    Type.Object({
      name: Type.String({ description: 'Name der Automatisierung' }),
      day: Type.String({ description: 'Fällig am (yyyy-MM-dd)' }),
    }),
  ),
  /** Why the follow-up ended ("Das Angebot wurde angenommen."); null while it goes on. */
  stopReason: NullableString(),
  /** Whether the offer ran out (after Gültig bis) while it is still being followed up. */
  expired: Type.Boolean(),
  /** Whether "Nachfassen beenden" can stop something now. */
  canStop: Type.Boolean(),
});
export type OfferCadence = Static<typeof OfferCadenceSchema>;

/** How the follow-up of the Vorgang's online offer stands: its next step, or why it ended. */
export const getOfferCadence = defineEndpoint({
  method: 'GET',
  path: 'vorgang/offerCadence/:id',
  access,
  tags,
  summary:
    'Nachfassen des Online-Angebots eines Vorgangs: nächster Schritt (aus den aktiven Automatisierungen) oder warum es beendet ist',
  params: IdParams,
  response: OfferCadenceSchema,
});

/** "Nachfassen beenden": no further cadence step for the Vorgang's online offer (recorded in the Änderungsverlauf). */
export const stopOfferCadence = defineEndpoint({
  method: 'POST',
  path: 'vorgang/stopOfferCadence',
  access,
  tags,
  summary:
    'Nachfassen beenden: keine weiteren Schritte der Nachfass-Automatisierungen für das Online-Angebot dieses Vorgangs (im Änderungsverlauf)',
  body: Type.Object({ vorgangId: Id() }, { additionalProperties: false }),
  response: OfferCadenceSchema,
});
