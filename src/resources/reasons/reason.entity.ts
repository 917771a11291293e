import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';

/** Reason options (Gründe) of an activity; a reason can add labels to the customer. */
export default defineEntity({
  name: 'admin/reasons',
  table: 'reason_option',
  area: 'admin',
  tabOrder: 20,
  label: { one: 'Grund', many: 'Gründe' },
  recordRepresentation: 'text',
  access: { read: [GROUPS.admin, GROUPS.kunde], write: [GROUPS.admin] },
  endpoints: {
    list: 'reason/getReasonOptions',
    write: 'reason/putSingleReasonOption',
    remove: 'reason/deleteReasonOption',
  },
  fields: [
    { source: 'text', label: 'Text', type: 'text', searchable: true, filterable: true, sortable: true },
    {
      source: 'labelIds',
      label: 'Setzt Labels',
      type: 'referenceMany',
      reference: 'admin/labels',
      through: { table: 'reason_option_label', ownKey: 'reason_id', otherKey: 'label_id' },
      helperText: 'Diese Labels erhält der Kunde, wenn eine Aktivität mit diesem Grund erfasst wird.',
    },
    { source: 'sortOrder', label: 'Reihenfolge', type: 'integer', sortable: true },
    { source: 'active', label: 'Aktiv', type: 'boolean', sortable: true },
  ],
  schema: (yup) =>
    yup.object({
      text: yup.string().trim().required().max(80),
      labelIds: yup.array(yup.number().integer().required()).default([]),
      sortOrder: yup.number().integer().min(0).max(9999).default(0),
      active: yup.boolean().default(true),
    }),
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  unique: { reason_option_text_key: { field: 'text', message: 'Diesen Grund gibt es bereits.' } },
  usedBy: [{ table: 'activity', column: 'reason_id', label: 'Aktivitäten' }],
  whenInUse: 'deactivate',
});
