import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableInteger } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.kunde] };
const tags = ['Vorgänge'];

/** A new Vorgang (Anfrage) made in the CRM; its number "CRM-…" never collides with the ERP's. */
export const saveNewVorgang = defineEndpoint({
  method: 'POST',
  path: 'vorgang/saveNewVorgang',
  idempotent: true,
  access,
  tags,
  summary:
    'Neuer Vorgang (Anfrage, bevor das ERP ihn kennt) mit Nummer „CRM-…“; neuer Aufruf, die bisherige Anwendung hatte keinen dafür',
  // Checked by newVorgang.form.ts (German message per field), so the body is open here.
  body: Type.Record(Type.String(), Type.Unknown()),
  response: Type.Object({ id: Type.Integer(), vorgangNumber: Type.String() }),
});

/** What the new-Vorgang form starts with: the caller as Verkäufer and their Filiale. */
export const newVorgangDefaults = defineEndpoint({
  method: 'GET',
  path: 'vorgang/newVorgangDefaults',
  access,
  tags,
  summary:
    'Vorbelegung für einen neuen Vorgang: der Aufrufer als Verkäufer und seine Filiale (neuer Aufruf, nicht aus der bisherigen Anwendung)',
  response: Type.Object({ sellerUserId: NullableInteger(), branchId: NullableInteger() }),
});
