import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, colorField, nameField } from '../sharedFields';

/** Labels: coloured tags on customers and Vorgänge, optionally due after a number of days. */
export default defineEntity({
  name: 'admin/labels',
  table: 'label',
  area: 'admin',
  tabOrder: 10,
  label: { one: 'Label', many: 'Labels' },
  recordRepresentation: 'name',
  access: { read: [GROUPS.admin, GROUPS.kunde], write: [GROUPS.admin] },
  endpoints: { list: 'label/getLabels', write: 'label/putLabel', remove: 'label/deleteLabel' },
  fields: [
    nameField(40),
    colorField(),
    {
      source: 'forCustomer',
      label: 'Für Kunden',
      type: 'boolean',
      sortable: true,
      rule: (yup) => yup.boolean().default(true),
    },
    {
      source: 'forVorgang',
      label: 'Für Vorgänge',
      type: 'boolean',
      sortable: true,
      rule: (yup) => yup.boolean().default(true),
    },
    {
      source: 'dueAfterDays',
      label: 'Fällig nach Tagen',
      type: 'integer',
      sortable: true,
      helperText: 'Leer lassen, wenn das Label nicht fällig wird.',
      rule: (yup) => yup.optionalInteger().min(0).max(365),
    },
    activeField(),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  unique: { label_name_key: { field: 'name', message: 'Ein Label mit diesem Namen gibt es bereits.' } },
  usedBy: [
    { table: 'customer_label', column: 'label_id', label: 'Kunden' },
    { table: 'vorgang_label', column: 'label_id', label: 'Vorgängen' },
    { table: 'reason_option_label', column: 'label_id', label: 'Gründen' },
  ],
  whenInUse: 'deactivate',
});
