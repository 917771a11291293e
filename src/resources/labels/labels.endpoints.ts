import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { IdParams } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.admin] };
const tags = ['Labels'];
const reach = {
  label: Type.String(),
  customers: Type.Integer({ description: 'Alle Kunden' }),
  alreadyLabelled: Type.Integer({ description: 'Kunden, die das Label schon haben' }),
  toLabel: Type.Integer({ description: 'Kunden, die es bekommen (würden)' }),
};

/** Preview: how many customers would get the label (for the confirmation question). */
export const previewLabelForAllCustomers = defineEndpoint({
  method: 'GET',
  path: 'label/enableLabelForAllCustomers/:id',
  access,
  tags,
  summary: 'Vorschau: wie viele Kunden das Label bekämen (für die Rückfrage)',
  params: IdParams,
  response: Type.Object(reach),
});

/** Gives the label to every customer who lacks it (with the label's due date). */
export const enableLabelForAllCustomers = defineEndpoint({
  method: 'POST',
  path: 'label/enableLabelForAllCustomers/:id',
  access,
  tags,
  summary: 'Label allen Kunden zuweisen, die es noch nicht haben (mit Fälligkeit des Labels)',
  params: IdParams,
  response: Type.Object({ ...reach, added: Type.Integer() }),
});
