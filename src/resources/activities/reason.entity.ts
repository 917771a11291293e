import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, sortOrderField } from '../sharedFields';

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
    {
      source: 'text',
      label: 'Text',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      rule: (yup) => yup.string().trim().required().max(80),
    },
    {
      source: 'labelIds',
      label: 'Setzt Labels',
      type: 'referenceMany',
      reference: 'admin/labels',
      through: { table: 'reason_option_label', ownKey: 'reason_id', otherKey: 'label_id' },
      helperText: 'Diese Labels erhält der Kunde, wenn eine Aktivität mit diesem Grund erfasst wird.',
      rule: (yup) => yup.array(yup.number().integer().required()).default([]),
    },
    sortOrderField(9999),
    activeField(),
  ],
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  unique: { reason_option_text_key: { field: 'text', message: 'Diesen Grund gibt es bereits.' } },
  usedBy: [{ table: 'activity', column: 'reason_id', label: 'Aktivitäten' }],
  whenInUse: 'deactivate',
});
