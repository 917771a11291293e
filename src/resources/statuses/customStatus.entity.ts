import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, colorField, nameField, sortOrderField } from '../sharedFields';
import { customStatusNameWarning } from './customStatusName.rules';

/** Custom statuses of a Vorgang: the columns of the Kartenansicht, in board order. */
export default defineEntity({
  name: 'admin/custom-statuses',
  table: 'custom_status',
  area: 'admin',
  tabOrder: 40,
  label: { one: 'Eigener Status', many: 'Eigene Status' },
  recordRepresentation: 'name',
  access: { read: [GROUPS.admin, GROUPS.kunde], write: [GROUPS.admin] },
  endpoints: {
    list: 'customStatus/getAllCustomStatus',
    write: 'customStatus/putSingleCustomStatus',
    remove: 'customStatus/deleteCustomStatus',
  },
  fields: [
    { ...nameField(40), warning: customStatusNameWarning },
    colorField(),
    sortOrderField(999, 'Spalte (Reihenfolge)'),
    {
      source: 'winProbability',
      label: 'Gewinnwahrscheinlichkeit (%)',
      type: 'integer',
      sortable: true,
      helperText:
        'Wie wahrscheinlich ein Vorgang in diesem Status gewonnen wird (0 bis 100 %); gewichtet die Summen der Kartenansicht und „Erwartet in diesem Quartal“.',
      rule: (yup) => yup.number().integer().min(0).max(100).default(10),
    },
    {
      source: 'stagnantAfterDays',
      label: 'Stagnierend nach (Tagen ohne Aktivität)',
      type: 'integer',
      sortable: true,
      helperText:
        'Ein offener Vorgang in diesem Status gilt nach so vielen Tagen ohne Aktivität als stagnierend (1 bis 365). Leer lassen: nie.',
      rule: (yup) => yup.optionalInteger().min(1).max(365),
    },
    activeField(),
  ],
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  unique: {
    custom_status_name_key: { field: 'name', message: 'Einen Status mit diesem Namen gibt es bereits.' },
  },
  usedBy: [{ table: 'vorgang', column: 'custom_status_id', label: 'Vorgängen' }],
  whenInUse: 'deactivate',
});
